import { Trans, useLingui } from "@lingui/react/macro";
import type { CarrierBooking } from "../../../../shared/contract/carrier-booking";
import styles from "./carrier-booking.module.css";
import { dayText, wallClock } from "./hour-picker";

/** A booking as the carrier reads it: state, day and hour (the yard's clock), dock, reference. */
export function BookingSummary({ booking }: { booking: CarrierBooking }) {
  const { t, i18n } = useLingui();
  const states: Record<CarrierBooking["state"], string> = {
    confirmed: t`Booked`,
    to_confirm: t`Reserved: the warehouse will confirm it by e-mail`,
    cancelled: t`Cancelled`,
    refused: t`Refused by the warehouse`,
  };
  return (
    <section className={styles.summary} aria-labelledby="booking-state">
      <h2 id="booking-state" className={styles[`state_${booking.state}`]}>
        {states[booking.state]}
      </h2>
      <dl className={styles.facts}>
        <div className={styles.wide}>
          <dt>
            <Trans>Day</Trans>
          </dt>
          <dd>{dayText(i18n.locale, booking.start.slice(0, 10))}</dd>
        </div>
        <div>
          <dt>
            <Trans>Hour</Trans>
          </dt>
          <dd className={styles.big}>{wallClock(booking.start)}</dd>
        </div>
        <div>
          <dt>{booking.operation === "load" ? t`Loading` : t`Unloading`}</dt>
          <dd>{booking.dock || booking.warehouse || t`Dock given on arrival`}</dd>
        </div>
        <div className={styles.wide}>
          <dt>
            <Trans>Reference</Trans>
          </dt>
          <dd>{booking.reference}</dd>
        </div>
        <div className={styles.wide}>
          <dt>
            <Trans>Plate</Trans>
          </dt>
          <dd>{booking.plate}</dd>
        </div>
      </dl>
      <p className={styles.note}>
        <Trans>Times are the warehouse's local time ({booking.time_zone}).</Trans>
      </p>
    </section>
  );
}
