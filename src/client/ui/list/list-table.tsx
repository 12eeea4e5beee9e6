import type { HTMLAttributes, Key, ReactNode } from "react";
import type { ListColumn } from "./list-column";
import styles from "./list-table.module.css";
import type { SortState } from "./use-sort-state";

/** Extra attributes of a body row (aria-busy, aria-current, a style, data-*). */
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & {
  [data: `data-${string}`]: string | number | boolean | undefined;
};

export interface ListTableProps<Row, Id extends string = string> {
  rows: readonly Row[];
  columns: readonly ListColumn<Row, Id>[];
  rowKey: (row: Row) => Key;
  /** The table's accessible name; hidden unless `captionClassName` shows it. */
  caption?: ReactNode;
  captionClassName?: string;
  /** The table's class (the shared list look by default). */
  className?: string;
  /** The box around it (the shared scrolling one, or the wall's, by default; null: none). */
  wrapClassName?: string | null;
  rowAttributes?: (row: Row) => RowAttributes;
  /** The order of sortable columns and what pressing a header does. */
  sort?: SortState<Id>;
  onSort?: (id: Id) => void;
  /**
   * The kiosk wall: the wall's look (large type, fixed column widths, headers broken only
   * between words, a box that never scrolls sideways), nothing sticky.
   */
  wall?: boolean;
  /** Each cell carries its column's name (`data-label`), for tables styled as cards. */
  labelCells?: boolean;
}

const classes = (...names: (string | false | undefined)[]) =>
  names.filter(Boolean).join(" ") || undefined;

/** A value cell's column name, for tables styled as cards (not the row's name nor actions). */
function labelOf<Row, Id extends string>(column: ListColumn<Row, Id>): string | undefined {
  if (column.action || column.rowHeader) return undefined;
  return typeof column.header === "string" ? column.header : undefined;
}

/** The desktop table (identifier column sticky) or the kiosk wall, from a column definition. */
export function ListTable<Row, Id extends string = string>({
  rows,
  columns,
  rowKey,
  caption,
  captionClassName = "visually-hidden",
  className = styles.table,
  wrapClassName,
  rowAttributes,
  sort,
  onSort,
  wall = false,
  labelCells = false,
}: ListTableProps<Row, Id>) {
  const headClassOf = (column: ListColumn<Row, Id>) =>
    classes(
      column.action && styles.action,
      column.numeric && styles.number,
      column.sticky && !wall && styles.sticky,
    );
  const cellClassOf = (column: ListColumn<Row, Id>) =>
    classes(headClassOf(column), column.mono && styles.mono, column.className);
  const table = (
    <table className={wall ? `${className} ${styles.wall}` : className}>
      {caption ? <caption className={captionClassName}>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => {
            const sorted = sort?.key === column.id ? sort : undefined;
            return (
              <th
                key={column.id}
                scope="col"
                className={headClassOf(column)}
                data-column={column.id}
                style={wall && column.wallWidth ? { width: column.wallWidth } : undefined}
                // A header cut with an ellipsis on a narrow wall column still tells its name.
                title={wall && typeof column.header === "string" ? column.header : undefined}
                aria-sort={sorted ? (sorted.ascending ? "ascending" : "descending") : undefined}
              >
                {column.sortable && onSort ? (
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={() => onSort(column.id)}
                  >
                    {column.header}
                    {sorted ? (sorted.ascending ? " ▲" : " ▼") : ""}
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowAttributes?.(row)}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? "th" : "td";
              return (
                <Cell
                  key={column.id}
                  scope={column.rowHeader ? "row" : undefined}
                  className={cellClassOf(column)}
                  data-column={column.id}
                  data-label={labelCells ? labelOf(column) : undefined}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (wrapClassName === null) return table;
  return <div className={wrapClassName ?? (wall ? styles.wallWrap : styles.wrap)}>{table}</div>;
}
