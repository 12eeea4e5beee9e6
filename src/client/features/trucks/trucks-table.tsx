import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Button } from "react-aria-components";
import type { Shipper } from "../../../shared/contract/trucks";
import { Icon } from "../../ui/icons";
import styles from "../../ui/list/list-table.module.css";
import { formatDateTime, formatPhone } from "./format";

export interface TrucksTableProps {
  rows: readonly Shipper[];
  /** Phone column and SMS buttons (spec: only when SMS is enabled). */
  showPhone: boolean;
  /** SMS buttons (SMS enabled and allowed to act on trucks). */
  canSendSms: boolean;
  /** Delete column (editTruck). */
  canDelete: boolean;
  /** Detail column (links to each truck's form); none on kiosk walls. */
  showDetail?: boolean;
  onDelete: (truck: Shipper) => void;
  onSms: (truck: Shipper) => void;
}

/** Columns of spec section 2: name, plate, phone, arrival, departure, detail, delete. */
export function TrucksTable({
  rows,
  showPhone,
  canSendSms,
  canDelete,
  showDetail = true,
  onDelete,
  onSms,
}: TrucksTableProps) {
  const { t } = useLingui();
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">
          <Trans>Trucks</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Name</Trans>
            </th>
            <th scope="col">
              <Trans>Plate</Trans>
            </th>
            {showPhone ? (
              <th scope="col">
                <Trans>Phone</Trans>
              </th>
            ) : null}
            <th scope="col">
              <Trans>Arrival date</Trans>
            </th>
            <th scope="col">
              <Trans>Departure date</Trans>
            </th>
            {showDetail ? (
              <th scope="col" className={styles.action}>
                <Trans>Detail</Trans>
              </th>
            ) : null}
            {canDelete ? (
              <th scope="col" className={styles.action}>
                <Trans>Delete</Trans>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((truck) => {
            // A truck signed up on this device and not on the server yet: no actions until then.
            const waiting = truck.id < 0;
            return (
              <tr key={truck.id} aria-busy={waiting || undefined}>
                <td>{truck.name}</td>
                <td className={styles.mono}>{truck.plate}</td>
                {showPhone ? (
                  <td className={styles.nowrap}>
                    {truck.phone ? (
                      <>
                        <span className={styles.mono}>{formatPhone(truck.phone)}</span>{" "}
                        {canSendSms && !waiting ? (
                          <Button
                            className={styles.iconButton}
                            aria-label={t`Send SMS to ${truck.plate}`}
                            onPress={() => onSms(truck)}
                          >
                            <Icon name="message" size={22} />
                          </Button>
                        ) : null}
                      </>
                    ) : null}
                  </td>
                ) : null}
                <td className={styles.nowrap}>{formatDateTime(truck.register_date)}</td>
                <td className={styles.nowrap}>{formatDateTime(truck.expedition_date)}</td>
                {showDetail ? (
                  <td className={styles.action}>
                    {waiting ? (
                      <span className={styles.waiting}>
                        <Trans>Waiting to sync</Trans>
                      </span>
                    ) : (
                      <Link
                        to="/truck/{-$id}"
                        params={{ id: String(truck.id) }}
                        className={styles.iconButton}
                        aria-label={t`Details of ${truck.plate}`}
                      >
                        <Icon name="edit" size={22} />
                      </Link>
                    )}
                  </td>
                ) : null}
                {canDelete ? (
                  <td className={styles.action}>
                    {waiting ? null : (
                      <Button
                        className={`${styles.iconButton} ${styles.danger}`}
                        aria-label={t`Delete ${truck.plate}`}
                        onPress={() => onDelete(truck)}
                      >
                        <Icon name="trash" size={22} />
                      </Button>
                    )}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
