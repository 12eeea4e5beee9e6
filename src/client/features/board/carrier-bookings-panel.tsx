import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { OfficeBooking } from "../../../shared/contract/carrier-booking";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import styles from "./board.module.css";
import { decideBooking } from "./carrier-bookings";

/**
 * The day's carrier bookings waiting for the office (state to_confirm: the reference matched
 * no planned line, so the booking made one): confirm or refuse each; the carrier gets a mail.
 */
export function CarrierBookingsPanel({
  bookings,
  canDecide,
  onDecided,
}: {
  bookings: readonly OfficeBooking[];
  canDecide: (booking: OfficeBooking) => boolean;
  onDecided: () => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<number | null>(null);
  const waiting = bookings.filter((booking) => booking.state === "to_confirm");
  if (waiting.length === 0) return null;
  const decide = async (booking: OfficeBooking, confirm: boolean) => {
    setBusy(booking.id);
    try {
      await decideBooking(booking.id, confirm);
      notify(
        "success",
        t`Carrier booking ${booking.reference}`,
        confirm
          ? t`Confirmed; the carrier is told by e-mail`
          : t`Refused; the carrier is told by e-mail`,
      );
      onDecided();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={styles.toConfirm} aria-labelledby="board-to-confirm">
      <h2 id="board-to-confirm">
        <Trans>Carrier bookings to confirm</Trans>
      </h2>
      <ul>
        {waiting.map((booking) => (
          <li key={booking.id}>
            <span className={styles.time}>{booking.start.slice(11, 16)}</span>
            <span className={styles.code}>{booking.reference}</span>
            <span>{booking.carrier}</span>
            <span className={styles.plate}>{booking.plate}</span>
            <span>{booking.operation === "load" ? t`Loading` : t`Unloading`}</span>
            {canDecide(booking) ? (
              <span className={styles.decide}>
                <Button
                  pending={busy === booking.id}
                  onPress={() => void decide(booking, true)}
                  aria-label={t`Confirm ${booking.reference}`}
                >
                  <Trans>Confirm</Trans>
                </Button>
                <Button
                  variant="danger"
                  isDisabled={busy === booking.id}
                  onPress={() => void decide(booking, false)}
                  aria-label={t`Refuse ${booking.reference}`}
                >
                  <Trans>Refuse</Trans>
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
