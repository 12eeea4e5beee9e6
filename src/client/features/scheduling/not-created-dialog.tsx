import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { DATE_DISPLAY_FORMAT, SHIPMENT_TYPE } from "../../../shared/constants";
import type { NotCreated } from "../../../shared/contract/scheduling";
import type { ShipmentType } from "../../../shared/contract/status";
import { Button } from "../../ui/button";
import { Modal } from "../../ui/modal";
import styles from "./scheduling.module.css";

export interface NotCreatedDialogProps {
  type: ShipmentType;
  /** The occurrences the server refused; the dialog is open while there are some. */
  failed: readonly NotCreated[];
  createdCount: number;
  onClose: () => void;
}

/**
 * After a repeated save with failures (spec section 8): the dates that could not be created,
 * DD/MM/YYYY HH:mm, each with why (the hour was full, the date is closed).
 */
export function NotCreatedDialog({ type, failed, createdCount, onClose }: NotCreatedDialogProps) {
  const { t } = useLingui();
  const isExpedition = type === SHIPMENT_TYPE.expedition;
  const why: Record<NotCreated["code"], string> = {
    slot_full: t`the hour is full`,
    restricted_date: t`the date is closed`,
    outside_hours: t`outside the dock's hours`,
    invalid: t`not valid`,
  };
  return (
    <Modal
      title={
        isExpedition ? t`Some expeditions were not created.` : t`Some receptions were not created`
      }
      isOpen={failed.length > 0}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <p>
        {isExpedition ? (
          <Trans>
            The following expeditions could not be created. The selected dates are full.
          </Trans>
        ) : (
          <Trans>The following receptions could not be created. The selected dates are full.</Trans>
        )}
      </p>
      <ul className={styles.failedList}>
        {failed.map((item) => (
          <li key={item.booked_date}>
            <span className={styles.failedDate}>
              {DateTime.fromISO(item.booked_date).toFormat(DATE_DISPLAY_FORMAT)}
            </span>{" "}
            — {why[item.code]}
          </li>
        ))}
      </ul>
      <p>
        <Trans>{createdCount} created.</Trans>
      </p>
      <div className={styles.dialogActions}>
        <Button onPress={onClose} autoFocus>
          <Trans>OK</Trans>
        </Button>
      </div>
    </Modal>
  );
}
