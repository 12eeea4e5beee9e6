import { useLingui } from "@lingui/react/macro";
import type { CriticalLine } from "../../../shared/contract/critical-lines";
import { ListTable } from "../../ui/list/list-table";
import styles from "../../ui/list/list-table.module.css";
import { useCriticalLineColumns } from "./critical-line-cells";
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

/**
 * Columns of spec section 2, in its order, with the actions column last (desktop), or the kiosk
 * wall: ListTable's wall look, every cell on one line, each column its wall share.
 */
export function CriticalLinesTable({ rows, isKiosk, ...actions }: CriticalLinesTableProps) {
  const { t } = useLingui();
  const columns = useCriticalLineColumns({ ...actions, isKiosk });
  return (
    <ListTable
      rows={rows}
      columns={columns}
      rowKey={(line) => line.id}
      caption={t`Critical lines`}
      wall={isKiosk}
      wrapClassName={isKiosk ? undefined : `${styles.wrap} ${pageStyles.wrap}`}
      className={
        isKiosk
          ? `${styles.table} ${styles.wallOneLine} ${pageStyles.kiosk}`
          : `${styles.table} ${pageStyles.compact}`
      }
    />
  );
}
