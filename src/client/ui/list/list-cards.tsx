import type { CSSProperties, Key, ReactNode } from "react";
import styles from "./list-cards.module.css";
import type { ListColumn } from "./list-column";

/** An empty value as a dash, so a card never shows a bare label (0 stays 0). */
const orDash = (value: ReactNode): ReactNode =>
  value === "" || value === null || value === undefined ? "—" : value;

export interface ListCardsProps<Row, Id extends string = string> {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The list's accessible name. */
  label: string;
  /** The identifier heading each card (a heading that names the list item). */
  title: ListColumn<Row, Id>;
  /** Before the title (an urgent marker). */
  lead?: (row: Row) => ReactNode;
  /** After the title (dates, "Waiting to sync"). */
  badge?: (row: Row) => ReactNode;
  /** Row actions at the head's end: large touch targets. */
  actions?: (row: Row) => ReactNode;
  /** What the user checks before acting, large. */
  facts: readonly ListColumn<Row, Id>[];
  /** Large controls together on a strip in the row's colour (status, reason). */
  controls?: readonly ListColumn<Row, Id>[];
  /** Every other column, small. */
  details?: readonly ListColumn<Row, Id>[];
  /** The card edge's colour (a status colour). */
  edgeColor?: (row: Row) => string;
  busy?: (row: Row) => boolean;
  /** Extra attributes of each card (data-*). */
  cardAttributes?: (row: Row) => Record<`data-${string}`, string | undefined>;
  /** Narrowest fact column (8.5rem): wider for long names, so words do not break. */
  factWidth?: string;
  /** Prefix of the title ids (unique on the page). */
  idPrefix: string;
}

/**
 * The line card of tablets and phones from the list's column definition: the identifier heads
 * each card beside its actions, then the facts, the controls and the details; nothing scrolls
 * sideways. A list item named by its identifier.
 */
export function ListCards<Row, Id extends string = string>({
  rows,
  rowKey,
  label,
  title,
  lead,
  badge,
  actions,
  facts,
  controls = [],
  details = [],
  edgeColor,
  busy,
  cardAttributes,
  factWidth,
  idPrefix,
}: ListCardsProps<Row, Id>) {
  return (
    <ul
      className={styles.cards}
      aria-label={label}
      style={factWidth ? ({ "--fact-width": factWidth } as CSSProperties) : undefined}
    >
      {rows.map((row) => {
        const key = rowKey(row);
        const titleId = `${idPrefix}-${key}`;
        const color = edgeColor?.(row);
        const rowActions = actions?.(row);
        return (
          <li
            key={key}
            className={styles.card}
            aria-labelledby={titleId}
            aria-busy={busy?.(row) || undefined}
            style={color ? ({ "--status-color": color } as CSSProperties) : undefined}
            {...cardAttributes?.(row)}
          >
            <div className={styles.head}>
              {lead?.(row)}
              <h2 id={titleId} className={styles.code} data-column={title.id}>
                {title.cell(row)}
              </h2>
              {badge?.(row)}
              {rowActions ? <span className={styles.actions}>{rowActions}</span> : null}
            </div>
            {facts.length > 0 ? (
              <dl className={styles.facts}>
                {facts.map((column) => (
                  <div key={column.id} className={styles.fact} data-column={column.id}>
                    <dt>{column.header}</dt>
                    <dd>{orDash(column.cell(row))}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {controls.length > 0 ? (
              <div className={styles.controls}>
                {controls.map((column) => (
                  <div key={column.id} className={styles.control} data-column={column.id}>
                    <span className={styles.controlLabel} aria-hidden="true">
                      {column.header}
                    </span>
                    {orDash(column.cell(row))}
                  </div>
                ))}
              </div>
            ) : null}
            {details.length > 0 ? (
              <dl className={styles.details}>
                {details.map((column) => (
                  <div key={column.id} className={styles.detail} data-column={column.id}>
                    <dt>{column.header}</dt>
                    <dd>{orDash(column.cell(row))}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
