import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { type ReactNode, useMemo } from "react";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { Shipment } from "../../../shared/contract/shipments";
import { REASONS, type StatusDefinition } from "../../../shared/contract/status";
import { CarrierMark } from "../../ui/carrier-mark";
import { Icon } from "../../ui/icons";
import type { ListColumn } from "../../ui/list/list-column";
import listStyles from "../../ui/list/list-table.module.css";
import { RowAction } from "../../ui/list/row-action";
import { reasonLabel, statusLabel, TIMING_TEXT } from "../../ui/shipment-labels";
import { COLUMN_LABELS, type ColumnId, kioskWidths } from "./columns";
import own from "./shipments.module.css";

/** What every presentation of the list (table, card, kiosk wall) renders a line with. */
export interface ShipmentCellOptions {
  /** Delete button in the actions column (deleteExp / deleteRecep). */
  canDelete: boolean;
  onDelete: (row: Shipment) => void;
  /** Inline status select (editStatus): the statuses offered, company rules applied. */
  statusOptions?: readonly StatusDefinition[] | undefined;
  onStatusChange?: ((row: Shipment, statusId: number) => void) | undefined;
  /** Inline reason select (editReasons). */
  onReasonChange?: ((row: Shipment, code: string | null) => void) | undefined;
  /**
   * SMS to the line's truck (shown when it has a phone and SMS is enabled); `smsLocked` says
   * whether the line's SMS was just sent (locked for 10 s, spec 02 section 2).
   */
  onSms?: ((row: Shipment) => void) | undefined;
  smsLocked?: ((row: Shipment) => boolean) | undefined;
  /** Large controls (line cards) or a wall without links (kiosk). */
  variant: "table" | "card" | "kiosk";
}

const dateOf = (iso: string | null) => {
  if (!iso) return "";
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toLocal().toFormat("dd/LL/yyyy") : "";
};

const timeOf = (iso: string | null) => {
  if (!iso) return "";
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toLocal().toFormat("HH:mm") : "";
};

/**
 * One renderer per column id (columns.ts), shared by the three presentations so a column
 * means the same thing everywhere. Queued changes never lock a control: a further change of
 * the line queues behind the earlier ones (the replayer keeps each line's order).
 */
export function useShipmentCells({
  canDelete,
  onDelete,
  statusOptions,
  onStatusChange,
  onReasonChange,
  onSms,
  smsLocked,
  variant,
}: ShipmentCellOptions): (id: ColumnId, row: Shipment) => ReactNode {
  const { t, i18n } = useLingui();
  const select = variant === "card" ? `${own.select} ${own.selectLarge}` : own.select;

  const statusText = (description: string) => statusLabel(description, i18n);
  const reasonText = (name: string) => reasonLabel({ name }, i18n);
  const timing = (row: Shipment) => (
    <span className={`${own.timing} ${own[row.timing]}`}>{i18n._(TIMING_TEXT[row.timing])}</span>
  );

  const status = (row: Shipment): ReactNode => {
    if (variant === "kiosk") {
      return (
        <span className={own.status}>
          <strong>{statusText(row.status.description)}</strong>
          {timing(row)}
        </span>
      );
    }
    return (
      <span className={own.status}>
        <span
          className={variant === "card" ? `${own.dot} ${own.dotLarge}` : own.dot}
          style={{ backgroundColor: row.status.color }}
          aria-hidden="true"
        />
        {statusOptions && onStatusChange ? (
          <select
            className={select}
            aria-label={t`Status of ${row.code}`}
            value={row.status.id}
            onChange={(event) => onStatusChange(row, Number(event.target.value))}
          >
            {statusOptions.some((option) => option.id === row.status.id) ? null : (
              <option value={row.status.id}>{statusText(row.status.description)}</option>
            )}
            {statusOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {statusText(option.description)}
              </option>
            ))}
          </select>
        ) : (
          <span className={variant === "card" ? own.statusText : undefined}>
            {statusText(row.status.description)}
          </span>
        )}
        {timing(row)}
      </span>
    );
  };

  const reason = (row: Shipment): ReactNode => {
    const reasons = REASONS.filter((item) => item.status === row.status.id);
    if (onReasonChange && reasons.length > 0) {
      return (
        <select
          className={select}
          aria-label={t`Reason of ${row.code}`}
          value={row.reason?.code ?? ""}
          onChange={(event) => onReasonChange(row, event.target.value || null)}
        >
          <option value="">—</option>
          {reasons.map((item) => (
            <option key={item.code} value={item.code}>
              {reasonText(item.name)}
            </option>
          ))}
        </select>
      );
    }
    return row.reason ? reasonText(row.reason.name) : "";
  };

  const actions = (row: Shipment): ReactNode => (
    <span className={listStyles.nowrap}>
      <Link
        to={row.type === SHIPMENT_TYPE.expedition ? "/expedition/{-$id}" : "/reception/{-$id}"}
        params={{ id: String(row.id) }}
        className={listStyles.iconButton}
        aria-label={t`Details of ${row.code}`}
      >
        <Icon name="edit" size={22} />
      </Link>
      {onSms && row.shipper?.phone ? (
        <RowAction
          icon="message"
          label={t`Send SMS about ${row.code}`}
          onPress={() => onSms(row)}
          isDisabled={smsLocked?.(row) ?? false}
        />
      ) : null}
      {canDelete ? (
        <RowAction
          icon="trash"
          danger
          label={t`Delete ${row.code}`}
          onPress={() => onDelete(row)}
        />
      ) : null}
    </span>
  );

  return (id, row) => {
    switch (id) {
      case "urgent":
        return row.urgent ? (
          <span className={own.urgent} role="img" aria-label={t`Urgent`} title={t`Urgent`}>
            <Icon name="critical" size={22} />
          </span>
        ) : null;
      case "booked_date":
        return dateOf(row.booked_date);
      case "booked_time":
        // The table tells a carrier-booked hour beside it (the card, beside its title).
        return variant === "table" && row.carrier_booking ? (
          <span className={listStyles.nowrap}>
            {timeOf(row.booked_date)} <CarrierMark state={row.carrier_booking} />
          </span>
        ) : (
          timeOf(row.booked_date)
        );
      case "loading_date":
      case "discharge_date":
        return dateOf(row.action_date);
      case "loading_time":
      case "discharge_time":
        return timeOf(row.action_date);
      case "arrival_date":
        return dateOf(row.arrival_date);
      case "arrival_time":
        return timeOf(row.arrival_date);
      case "delivery_note":
        return <span className={listStyles.mono}>{row.code}</span>;
      case "route_plate":
        return <span className={listStyles.mono}>{row.route_plate}</span>;
      case "shared_id":
        return row.shared_id;
      case "client":
        return row.client?.description ?? "";
      case "destination":
        return row.type === SHIPMENT_TYPE.expedition ? row.destination : "";
      case "origin":
        return row.type === SHIPMENT_TYPE.reception ? row.origin : "";
      case "c_notes":
        return row.client_notes;
      case "k_notes":
        return row.company_notes;
      case "road":
        return [row.road, row.road_number].filter(Boolean).join(" ");
      case "packages":
        return row.packages ?? "";
      case "pallet_notes":
        return row.pallet_notes;
      case "truck":
        if (!row.shipper) return null;
        // A wall has no links: the plate as plain text.
        return variant === "kiosk" ? (
          <span className={listStyles.mono}>{row.shipper.plate}</span>
        ) : (
          <Link
            to="/truck/{-$id}"
            params={{ id: String(row.shipper.id) }}
            className={listStyles.mono}
            aria-label={t`Truck ${row.shipper.plate}`}
          >
            {row.shipper.plate}
          </Link>
        );
      case "virtual_truck":
        return row.shipper?.name ?? "";
      case "info_shipper":
        return row.info_shipper;
      case "status":
        return status(row);
      case "reason":
        return reason(row);
      case "actions":
        return variant === "kiosk" ? null : actions(row);
    }
  };
}

/** "Waiting to sync" (the trucks list's words) on a line whose change is not on the server yet. */
export function WaitingToSync() {
  return (
    <span className={listStyles.waiting}>
      <Trans>Waiting to sync</Trans>
    </span>
  );
}

export interface ShipmentColumnOptions extends ShipmentCellOptions {
  /** Row ids with changes waiting for the server ("Waiting to sync" beside the status). */
  saving?: ReadonlySet<number> | undefined;
  /** Kiosk: the status column's width in percent (use-wall-status-width.ts), once measured. */
  wallStatusWidth?: number | null | undefined;
}

/**
 * The list's column definition for the layout's ids (layoutFor): headers, one renderer per
 * column, the delivery note sticky, wall widths (kiosk). Every presentation draws these.
 */
export function useShipmentColumns(
  ids: readonly ColumnId[],
  { saving, wallStatusWidth, ...options }: ShipmentColumnOptions,
): ListColumn<Shipment, ColumnId>[] {
  const { i18n } = useLingui();
  const cell = useShipmentCells(options);
  const widths = useMemo(
    () => (options.variant === "kiosk" ? kioskWidths(ids, wallStatusWidth) : null),
    [options.variant, ids, wallStatusWidth],
  );
  return ids.map((id) => ({
    id,
    header: i18n._(COLUMN_LABELS[id]),
    cell:
      id === "status"
        ? (row) => (
            <>
              {cell(id, row)}
              {options.variant !== "card" && saving?.has(row.id) ? <WaitingToSync /> : null}
            </>
          )
        : (row) => cell(id, row),
    sticky: id === "delivery_note",
    action: id === "actions",
    wallWidth: widths ? `${widths.get(id)?.toFixed(2)}%` : undefined,
  }));
}
