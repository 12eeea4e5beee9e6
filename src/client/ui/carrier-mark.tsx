import { useLingui } from "@lingui/react/macro";
import type { CarrierBookingState } from "../../shared/contract/carrier-booking";
import styles from "./carrier-mark.module.css";

/**
 * The mark of a line a carrier booked (issue 29), the same on the day board, the lists (table
 * and card) and the line's page; a booking the office has not answered yet says "to confirm".
 */
export function CarrierMark({ state }: { state: CarrierBookingState | null | undefined }) {
  const { t } = useLingui();
  // Refused and cancelled bookings no longer hold the line.
  if (state !== "confirmed" && state !== "to_confirm") return null;
  return (
    <span className={styles.mark} data-state={state}>
      {state === "to_confirm" ? t`Carrier · to confirm` : t`Carrier booking`}
    </span>
  );
}
