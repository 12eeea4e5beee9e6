import { useLingui } from "@lingui/react/macro";
import type { Shipper } from "../../../shared/contract/trucks";
import { formatPhone } from "../../lib/sms";
import { ListCards } from "../../ui/list/list-cards";
import {
  isWaiting,
  type TruckColumnOptions,
  TruckWaiting,
  useTruckActions,
  useTruckColumns,
} from "./truck-columns";

export interface TruckCardsProps extends TruckColumnOptions {
  rows: readonly Shipper[];
}

/**
 * Tablets and phones: one card per truck, its plate as the title beside large edit, SMS and
 * delete buttons; name, phone, arrival and departure below. Nothing scrolls sideways.
 */
export function TruckCards({ rows, ...options }: TruckCardsProps) {
  const { t } = useLingui();
  const columns = useTruckColumns(options);
  const actions = useTruckActions(options);
  const plate = columns.find((column) => column.id === "plate");
  if (!plate) return null;
  // The card's phone is the number alone: its SMS button joins the other actions.
  const facts = columns
    .filter((column) => !column.action && column.id !== "plate")
    .map((column) =>
      column.id === "phone"
        ? { ...column, cell: (truck: Shipper) => formatPhone(truck.phone) }
        : column,
    );
  return (
    <ListCards
      rows={rows}
      rowKey={(truck) => truck.id}
      label={t`Trucks`}
      idPrefix="truck"
      title={plate}
      badge={(truck) => (isWaiting(truck) ? <TruckWaiting /> : null)}
      actions={(truck) =>
        isWaiting(truck) ? (
          options.showDetail ? (
            actions.detail(truck)
          ) : null
        ) : (
          <>
            {options.showDetail ? actions.detail(truck) : null}
            {actions.sms(truck)}
            {options.canDelete ? actions.remove(truck) : null}
          </>
        )
      }
      facts={facts}
      factWidth="12rem"
      busy={isWaiting}
    />
  );
}
