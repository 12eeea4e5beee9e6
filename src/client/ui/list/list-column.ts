import type { ReactNode } from "react";

/**
 * One column of a list, written once per feature and drawn by each presentation: the desktop
 * table (ListTable), the line card of tablets and phones (ListCards) and the kiosk wall
 * (ListTable with `wall`). `header` is the column's visible name (the card's label too).
 */
export interface ListColumn<Row, Id extends string = string> {
  id: Id;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The identifier column: stays in view while the desktop table scrolls sideways. */
  sticky?: boolean;
  /** Row actions: a narrow, centred column. */
  action?: boolean;
  /** Figures: tabular and aligned to the end. */
  numeric?: boolean;
  /** Plates, codes, user names: the monospaced face, on one line. */
  mono?: boolean;
  /** The row's name as a row header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The header is a sort button (the table's `sort` and `onSort`). */
  sortable?: boolean;
  /** Width on the kiosk wall (its table has a fixed layout), e.g. "12.5%". */
  wallWidth?: string;
  /** Further class of the column's body cells. */
  className?: string;
}

/** A definition's columns without the optional ones switched off (`condition && column`). */
export function presentColumns<Row, Id extends string>(
  columns: readonly (ListColumn<Row, Id> | false | null | undefined)[],
): ListColumn<Row, Id>[] {
  return columns.filter((column): column is ListColumn<Row, Id> => Boolean(column));
}
