import { useLingui } from "@lingui/react/macro";
import type { CriticalLine } from "../../../shared/contract/critical-lines";
import { ListCards } from "../../ui/list/list-cards";
import {
  CriticalLineActions,
  criticalLineCell,
  useCriticalLineColumns,
} from "./critical-line-cells";
import styles from "./critical-lines.module.css";

export interface CriticalLineCardsProps {
  rows: readonly CriticalLine[];
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (line: CriticalLine) => void;
}

/** The head shows these; the facts below show the other columns, in the table's order. */
const IN_HEAD = new Set(["line", "init_date", "end_date", "actions"]);

/** Tablets and phones: one card per line (line, dates and actions on top, the rest below). */
export function CriticalLineCards({ rows, ...actions }: CriticalLineCardsProps) {
  const { t } = useLingui();
  const columns = useCriticalLineColumns({ ...actions, isKiosk: false });
  const title = columns.find((column) => column.id === "line");
  if (!title) return null;
  return (
    <ListCards
      rows={rows}
      rowKey={(line) => line.id}
      label={t`Critical lines`}
      idPrefix="critical-line"
      title={title}
      badge={(line) => (
        <span className={styles.dates}>
          {criticalLineCell("init_date", line)} – {criticalLineCell("end_date", line)}
        </span>
      )}
      actions={
        actions.canEdit || actions.canDelete
          ? (line) => <CriticalLineActions line={line} {...actions} />
          : undefined
      }
      facts={columns.filter((column) => !IN_HEAD.has(column.id))}
      edgeColor={() => "var(--color-danger)"}
    />
  );
}
