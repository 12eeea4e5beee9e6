import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { CriticalLine } from "../../../shared/contract/critical-lines";
import type { LabelTable } from "../../lib/labels";
import { Icon } from "../../ui/icons";
import type { ListColumn } from "../../ui/list/list-column";
import listStyles from "../../ui/list/list-table.module.css";
import { RowAction } from "../../ui/list/row-action";
import pageStyles from "./critical-lines.module.css";
import { formatDateTime, formatWallDateTime } from "./format";
import { ObservationCell } from "./observation-cell";

export type CriticalLineColumnId =
  | "init_date"
  | "end_date"
  | "cause"
  | "activity"
  | "line"
  | "destination"
  | "product"
  | "contact"
  | "observations"
  | "provider"
  | "client_name";

/** The columns of spec section 2, in its order (the actions column comes after them). */
export const CRITICAL_LINE_COLUMNS: readonly CriticalLineColumnId[] = [
  "init_date",
  "end_date",
  "cause",
  "activity",
  "line",
  "destination",
  "product",
  "contact",
  "observations",
  "provider",
  "client_name",
];

export const CRITICAL_LINE_LABELS: LabelTable<CriticalLineColumnId> = {
  init_date: msg`Start date`,
  end_date: msg`End date`,
  cause: msg`Cause`,
  activity: msg`Activity`,
  line: msg`Line`,
  destination: msg`Destination`,
  product: msg`Product`,
  contact: msg`Contact`,
  observations: msg`Observations`,
  provider: msg`Provider`,
  client_name: msg`Client`,
};

/**
 * One renderer per column, shared by the table, the cards and the kiosk wall so a column means
 * the same everywhere. Observations open their full text on hover and focus, except on a wall.
 */
export function criticalLineCell(
  id: CriticalLineColumnId,
  line: CriticalLine,
  interactive = true,
): ReactNode {
  const dateTime = interactive ? formatDateTime : formatWallDateTime;
  switch (id) {
    case "init_date":
      return dateTime(line.init_date);
    case "end_date":
      return dateTime(line.end_date);
    case "observations":
      return <ObservationCell text={line.observations} interactive={interactive} />;
    default:
      return line[id];
  }
}

export interface CriticalLineActionsProps {
  line: CriticalLine;
  /** Edit link (editCL). */
  canEdit: boolean;
  /** Delete button (deleteCL). */
  canDelete: boolean;
  onDelete: (line: CriticalLine) => void;
}

/** The edit link and delete button of one line (table actions column, card head). */
export function CriticalLineActions({
  line,
  canEdit,
  canDelete,
  onDelete,
}: CriticalLineActionsProps) {
  const { t } = useLingui();
  return (
    <>
      {canEdit ? (
        <Link
          to="/critical-line/{-$id}"
          params={{ id: String(line.id) }}
          className={listStyles.iconButton}
          aria-label={t`Edit critical line ${line.line}`}
        >
          <Icon name="edit" size={22} />
        </Link>
      ) : null}
      {canDelete ? (
        <RowAction
          icon="trash"
          danger
          label={t`Delete critical line ${line.line}`}
          onPress={() => onDelete(line)}
        />
      ) : null}
    </>
  );
}

/**
 * Each column's share of a kiosk wall (percent of its width, 100 in all): the short dates and
 * the line whole in the wall's type; names take the rest, cut with an ellipsis when long.
 */
const WALL_WIDTHS: Record<CriticalLineColumnId, string> = {
  init_date: "13%",
  end_date: "13%",
  cause: "9%",
  activity: "8.5%",
  line: "6%",
  destination: "9%",
  product: "11%",
  contact: "8%",
  observations: "8.5%",
  provider: "7.5%",
  client_name: "6.5%",
};

/** Dates on one line, the line's code in the monospaced face. */
const CELL_CLASS: Partial<Record<CriticalLineColumnId, string>> = {
  init_date: pageStyles.date,
  end_date: pageStyles.date,
};

export type CriticalLineListColumn = ListColumn<CriticalLine, CriticalLineColumnId | "actions">;

/**
 * The list's column definition: the columns of spec section 2 in its order, then the actions
 * (none on a kiosk wall, whose observations open no tooltip).
 */
export function useCriticalLineColumns({
  canEdit,
  canDelete,
  isKiosk,
  onDelete,
}: Omit<CriticalLineActionsProps, "line"> & { isKiosk: boolean }): CriticalLineListColumn[] {
  const { t, i18n } = useLingui();
  const columns: CriticalLineListColumn[] = CRITICAL_LINE_COLUMNS.map((id) => ({
    id,
    header: i18n._(CRITICAL_LINE_LABELS[id]),
    cell: (line) => criticalLineCell(id, line, !isKiosk),
    mono: id === "line",
    wallWidth: WALL_WIDTHS[id],
    className: CELL_CLASS[id],
  }));
  if (isKiosk || !(canEdit || canDelete)) return columns;
  columns.push({
    id: "actions",
    header: t`Actions`,
    action: true,
    cell: (line) => (
      // Edit above delete: the actions column stays narrow.
      <div className={pageStyles.stack}>
        <CriticalLineActions
          line={line}
          canEdit={canEdit}
          canDelete={canDelete}
          onDelete={onDelete}
        />
      </div>
    ),
  });
  return columns;
}
