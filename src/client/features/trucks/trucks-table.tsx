import { useLingui } from "@lingui/react/macro";
import type { Shipper } from "../../../shared/contract/trucks";
import { ListTable } from "../../ui/list/list-table";
import styles from "../../ui/list/list-table.module.css";
import { isWaiting, type TruckColumnOptions, useTruckColumns } from "./truck-columns";

export interface TrucksTableProps extends TruckColumnOptions {
  rows: readonly Shipper[];
  /** The kiosk wall: ListTable's wall look, every cell on one line, each column its share. */
  wall?: boolean;
}

/** The desktop table, or the kiosk wall: every column of the definition. */
export function TrucksTable({ rows, wall = false, ...options }: TrucksTableProps) {
  const { t } = useLingui();
  const columns = useTruckColumns(options);
  return (
    <ListTable
      rows={rows}
      columns={columns}
      rowKey={(truck) => truck.id}
      caption={t`Trucks`}
      wall={wall}
      className={wall ? `${styles.table} ${styles.wallOneLine}` : undefined}
      rowAttributes={(truck) => ({ "aria-busy": isWaiting(truck) || undefined })}
    />
  );
}
