import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Button } from "react-aria-components";
import type { CriticalLine } from "../../../shared/contract/critical-line";
import { Icon } from "../../ui/icons";
import styles from "../../ui/list/list-table.module.css";
import pageStyles from "./critical-lines.module.css";
import { formatDateTime } from "./format";
import { ObservationCell } from "./observation-cell";

export interface CriticalLinesTableProps {
  rows: readonly CriticalLine[];
  /** Edit links (editCL); none on a kiosk wall. */
  canEdit: boolean;
  /** Delete buttons (deleteCL); none on a kiosk wall. */
  canDelete: boolean;
  /** The kiosk wall: no actions column at all (spec section 2). */
  isKiosk: boolean;
  onDelete: (line: CriticalLine) => void;
}

/** Columns of spec section 2, in its order, with the actions column last. */
export function CriticalLinesTable({
  rows,
  canEdit,
  canDelete,
  isKiosk,
  onDelete,
}: CriticalLinesTableProps) {
  const { t } = useLingui();
  const showActions = !isKiosk && (canEdit || canDelete);
  return (
    <div className={`${styles.wrap} ${pageStyles.wrap}`}>
      <table className={`${styles.table} ${pageStyles.compact} ${isKiosk ? pageStyles.kiosk : ""}`}>
        <caption className="visually-hidden">
          <Trans>Critical lines</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Start date</Trans>
            </th>
            <th scope="col">
              <Trans>End date</Trans>
            </th>
            <th scope="col">
              <Trans>Cause</Trans>
            </th>
            <th scope="col">
              <Trans>Activity</Trans>
            </th>
            <th scope="col">
              <Trans>Line</Trans>
            </th>
            <th scope="col">
              <Trans>Destination</Trans>
            </th>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            <th scope="col">
              <Trans>Contact</Trans>
            </th>
            <th scope="col">
              <Trans>Observations</Trans>
            </th>
            <th scope="col">
              <Trans>Provider</Trans>
            </th>
            <th scope="col">
              <Trans>Client</Trans>
            </th>
            {showActions ? (
              <th scope="col" className={styles.action}>
                <Trans>Actions</Trans>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((line) => (
            <tr key={line.id}>
              <td className={pageStyles.date}>{formatDateTime(line.init_date)}</td>
              <td className={pageStyles.date}>{formatDateTime(line.end_date)}</td>
              <td>{line.cause}</td>
              <td>{line.activity}</td>
              <td className={styles.mono}>{line.line}</td>
              <td>{line.destination}</td>
              <td>{line.product}</td>
              <td>{line.contact}</td>
              <td>
                <ObservationCell text={line.observations} interactive={!isKiosk} />
              </td>
              <td>{line.provider}</td>
              <td>{line.client_name}</td>
              {showActions ? (
                <td className={styles.action}>
                  <div className={pageStyles.stack}>
                    {canEdit ? (
                      <Link
                        to="/critical-line/{-$id}"
                        params={{ id: String(line.id) }}
                        className={styles.iconButton}
                        aria-label={t`Edit critical line ${line.line}`}
                      >
                        <Icon name="edit" size={22} />
                      </Link>
                    ) : null}
                    {canDelete ? (
                      <Button
                        className={`${styles.iconButton} ${styles.danger}`}
                        aria-label={t`Delete critical line ${line.line}`}
                        onPress={() => onDelete(line)}
                      >
                        <Icon name="trash" size={22} />
                      </Button>
                    ) : null}
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
