import { useLingui } from "@lingui/react/macro";
import type { CSSProperties } from "react";
import type { Shipment } from "../../../shared/contract/shipments";
import { ListTable } from "../../ui/list/list-table";
import styles from "../../ui/list/list-table.module.css";
import type { ColumnId } from "./columns";
import { type ShipmentCellOptions, useShipmentColumns } from "./shipment-cells";
import own from "./shipments.module.css";

export interface ShipmentsTableProps extends Omit<ShipmentCellOptions, "variant"> {
  rows: readonly Shipment[];
  /** Ordered column ids (layoutFor). */
  columns: readonly ColumnId[];
  /** Row ids with changes waiting for the server (row aria-busy, "Waiting to sync"). */
  saving?: ReadonlySet<number>;
  /**
   * The kiosk wall: every column fits the screen, large type, whole-row status colour, no
   * links or buttons. Otherwise the desktop table, its delivery note column sticky.
   */
  wall?: boolean;
  /** The wall's status column width in percent, measured for the language's names. */
  wallStatusWidth?: number | null;
}

/** The expeditions or receptions table (desktop) or wall (kiosk). */
export function ShipmentsTable({
  rows,
  columns,
  saving,
  wall = false,
  wallStatusWidth,
  ...cells
}: ShipmentsTableProps) {
  const { t } = useLingui();
  const definition = useShipmentColumns(columns, {
    ...cells,
    saving,
    wallStatusWidth,
    variant: wall ? "kiosk" : "table",
  });
  return (
    <ListTable
      rows={rows}
      columns={definition}
      rowKey={(row) => row.id}
      caption={t`Shipment lines`}
      wall={wall}
      className={wall ? `${styles.table} ${own.wall}` : styles.table}
      rowAttributes={(row) => ({
        className: own.row,
        "data-timing": row.timing,
        "aria-busy": saving?.has(row.id) || undefined,
        style: { "--status-color": row.status.color } as CSSProperties,
      })}
    />
  );
}
