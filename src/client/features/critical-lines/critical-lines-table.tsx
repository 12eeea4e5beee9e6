import { Trans, useLingui } from "@lingui/react/macro";
import type { CriticalLine } from "../../../shared/contract/critical-lines";
import styles from "../../ui/list/list-table.module.css";
import {
  CRITICAL_LINE_COLUMNS,
  CRITICAL_LINE_LABELS,
  CriticalLineActions,
  type CriticalLineColumnId,
  criticalLineCell,
} from "./critical-line-cells";
import pageStyles from "./critical-lines.module.css";

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

/** Dates on one line, the line's code in the monospaced face. */
const CELL_CLASS: Partial<Record<CriticalLineColumnId, string>> = {
  init_date: pageStyles.date,
  end_date: pageStyles.date,
  line: styles.mono,
};

/** Columns of spec section 2, in its order, with the actions column last. */
export function CriticalLinesTable({
  rows,
  canEdit,
  canDelete,
  isKiosk,
  onDelete,
}: CriticalLinesTableProps) {
  const { i18n } = useLingui();
  const showActions = !isKiosk && (canEdit || canDelete);
  return (
    <div className={`${styles.wrap} ${pageStyles.wrap}`}>
      <table className={`${styles.table} ${pageStyles.compact} ${isKiosk ? pageStyles.kiosk : ""}`}>
        <caption className="visually-hidden">
          <Trans>Critical lines</Trans>
        </caption>
        <thead>
          <tr>
            {CRITICAL_LINE_COLUMNS.map((id) => (
              <th key={id} scope="col">
                {i18n._(CRITICAL_LINE_LABELS[id])}
              </th>
            ))}
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
              {CRITICAL_LINE_COLUMNS.map((id) => (
                <td key={id} className={CELL_CLASS[id]}>
                  {criticalLineCell(id, line, !isKiosk)}
                </td>
              ))}
              {showActions ? (
                <td className={styles.action}>
                  <div className={pageStyles.stack}>
                    <CriticalLineActions
                      line={line}
                      canEdit={canEdit}
                      canDelete={canDelete}
                      onDelete={onDelete}
                    />
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
