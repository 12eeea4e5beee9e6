import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import type { Shipment } from "../../../shared/contract/shipments";
import { CarrierMark } from "../../ui/carrier-mark";
import { ListCards } from "../../ui/list/list-cards";
import { type ColumnId, cardLayout } from "./columns";
import {
  type ShipmentCellOptions,
  useShipmentCells,
  useShipmentColumns,
  WaitingToSync,
} from "./shipment-cells";

export interface ShipmentCardsProps extends Omit<ShipmentCellOptions, "variant"> {
  rows: readonly Shipment[];
  /** Ordered column ids (layoutFor): the card shows each of them. */
  columns: readonly ColumnId[];
  /** Row ids with changes waiting for the server. */
  saving?: ReadonlySet<number>;
}

/**
 * Lines as cards for tablets, phones and fork-lift drivers: the delivery note heads each card
 * and stays beside its status and reason controls (large, 44 px and more), so nobody changes a
 * line without seeing which one it is; nothing scrolls sideways. A list item named by its
 * delivery note.
 */
export function ShipmentCards({ rows, columns, saving, ...cells }: ShipmentCardsProps) {
  const { t } = useLingui();
  const cell = useShipmentCells({ ...cells, variant: "card" });
  const definition = useShipmentColumns(columns, { ...cells, variant: "card" });
  const layout = useMemo(() => cardLayout(columns), [columns]);
  const byId = new Map(definition.map((column) => [column.id, column]));
  // In the card layout's order (facts: client, bay, time, truck), not the table's.
  const pick = (ids: readonly ColumnId[]) =>
    ids.flatMap((id) => {
      const column = byId.get(id);
      return column ? [column] : [];
    });

  return (
    <ListCards
      rows={rows}
      rowKey={(row) => row.id}
      label={t`Shipment lines`}
      idPrefix="line"
      title={{
        id: "delivery_note",
        header: byId.get("delivery_note")?.header,
        cell: (row) => row.code,
      }}
      lead={layout.hasUrgent ? (row) => cell("urgent", row) : undefined}
      badge={(row) => (
        <>
          <CarrierMark state={row.carrier_booking} />
          {saving?.has(row.id) ? <WaitingToSync /> : null}
        </>
      )}
      actions={layout.hasActions ? (row) => cell("actions", row) : undefined}
      facts={pick(layout.facts)}
      controls={pick(layout.controls)}
      details={pick(layout.details)}
      edgeColor={(row) => row.status.color}
      busy={(row) => saving?.has(row.id) ?? false}
      cardAttributes={(row) => ({ "data-timing": row.timing })}
    />
  );
}
