import { Trans, useLingui } from "@lingui/react/macro";
import { type CSSProperties, useMemo } from "react";
import type { Shipment } from "../../../shared/contract/shipments";
import styles from "../../ui/list/list-table.module.css";
import { COLUMN_LABELS, type ColumnId, kioskWidths } from "./columns";
import { type ShipmentCellOptions, useShipmentCells, WaitingToSync } from "./shipment-cells";
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
}

/** The expeditions or receptions table (desktop) or wall (kiosk). */
export function ShipmentsTable({
  rows,
  columns,
  saving,
  wall = false,
  ...cells
}: ShipmentsTableProps) {
  const { i18n } = useLingui();
  const cell = useShipmentCells({ ...cells, variant: wall ? "kiosk" : "table" });

  const widths = useMemo(() => (wall ? kioskWidths(columns) : null), [wall, columns]);

  const classOf = (id: ColumnId) => {
    if (id === "actions") return styles.action;
    if (id === "delivery_note" && !wall) return styles.sticky;
    return undefined;
  };

  return (
    <div className={wall ? own.wallWrap : styles.wrap}>
      <table className={wall ? `${styles.table} ${own.wall}` : styles.table}>
        <caption className="visually-hidden">
          <Trans>Shipment lines</Trans>
        </caption>
        <thead>
          <tr>
            {columns.map((id) => (
              <th
                key={id}
                scope="col"
                className={classOf(id)}
                data-column={id}
                style={widths ? { width: `${widths.get(id)?.toFixed(2)}%` } : undefined}
              >
                {i18n._(COLUMN_LABELS[id])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const waiting = saving?.has(row.id) ?? false;
            return (
              <tr
                key={row.id}
                className={own.row}
                data-timing={row.timing}
                aria-busy={waiting || undefined}
                style={{ "--status-color": row.status.color } as CSSProperties}
              >
                {columns.map((id) => (
                  <td key={id} className={classOf(id)} data-column={id}>
                    {cell(id, row)}
                    {id === "status" && waiting ? <WaitingToSync /> : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
