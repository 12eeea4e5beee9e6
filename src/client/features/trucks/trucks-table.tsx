import { useLingui } from "@lingui/react/macro";
import type { Shipper } from "../../../shared/contract/trucks";
import { ListTable } from "../../ui/list/list-table";
import { isWaiting, type TruckColumnOptions, useTruckColumns } from "./truck-columns";

export interface TrucksTableProps extends TruckColumnOptions {
  rows: readonly Shipper[];
}

/** The desktop table (and the wall): every column of the definition. */
export function TrucksTable({ rows, ...options }: TrucksTableProps) {
  const { t } = useLingui();
  const columns = useTruckColumns(options);
  return (
    <ListTable
      rows={rows}
      columns={columns}
      rowKey={(truck) => truck.id}
      caption={t`Trucks`}
      rowAttributes={(truck) => ({ "aria-busy": isWaiting(truck) || undefined })}
    />
  );
}
