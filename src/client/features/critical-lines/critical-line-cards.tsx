import { useLingui } from "@lingui/react/macro";
import type { CriticalLine } from "../../../shared/contract/critical-lines";
import {
  CRITICAL_LINE_COLUMNS,
  CRITICAL_LINE_LABELS,
  CriticalLineActions,
  criticalLineCell,
} from "./critical-line-cells";
import styles from "./critical-lines.module.css";

export interface CriticalLineCardsProps {
  rows: readonly CriticalLine[];
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (line: CriticalLine) => void;
}

/** The head shows these; the facts list below shows the other columns, in the table's order. */
const FACTS = CRITICAL_LINE_COLUMNS.filter(
  (id) => id !== "line" && id !== "init_date" && id !== "end_date",
);

/** Tablets and phones: one card per line (line, dates and actions on top, the rest below). */
export function CriticalLineCards({ rows, canEdit, canDelete, onDelete }: CriticalLineCardsProps) {
  const { t, i18n } = useLingui();
  return (
    <ul className={styles.cards} aria-label={t`Critical lines`}>
      {rows.map((line) => (
        <li key={line.id} className={styles.card}>
          <div className={styles.cardHead}>
            <span className={styles.lineId}>{line.line}</span>
            <span className={styles.dates}>
              {criticalLineCell("init_date", line)} – {criticalLineCell("end_date", line)}
            </span>
            <span className={styles.cardActions}>
              <CriticalLineActions
                line={line}
                canEdit={canEdit}
                canDelete={canDelete}
                onDelete={onDelete}
              />
            </span>
          </div>
          <dl className={styles.facts}>
            {FACTS.map((id) => (
              <div key={id} className={styles.fact}>
                <dt>{i18n._(CRITICAL_LINE_LABELS[id])}</dt>
                <dd>{criticalLineCell(id, line)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
