import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { DateTime } from "luxon";
import type { ReactNode } from "react";
import { Button } from "react-aria-components";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { Shipment } from "../../../shared/contract/shipment";
import { REASONS, type StatusDefinition, type StatusLabel } from "../../../shared/contract/status";
import { Icon } from "../../ui/icons";
import styles from "../../ui/list/list-table.module.css";
import { COLUMN_LABELS, type ColumnId } from "./columns";
import { REASON_TEXT, STATUS_TEXT, TIMING_TEXT } from "./labels";
import own from "./shipments.module.css";

export interface ShipmentsTableProps {
  rows: readonly Shipment[];
  /** Ordered column ids (layoutFor). */
  columns: readonly ColumnId[];
  /** Delete button in the actions column (deleteExp / deleteRecep). */
  canDelete: boolean;
  onDelete: (row: Shipment) => void;
  /** Inline status select (editStatus): the statuses offered, company rules applied. */
  statusOptions?: readonly StatusDefinition[] | undefined;
  onStatusChange?: ((row: Shipment, statusId: number) => void) | undefined;
  /** Inline reason select (editReasons). */
  onReasonChange?: ((row: Shipment, code: string | null) => void) | undefined;
  /** Row ids whose change is on its way (row aria-busy, selects disabled). */
  saving?: ReadonlySet<number>;
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

/** The expeditions or receptions table: one cell renderer per column id. */
export function ShipmentsTable({
  rows,
  columns,
  canDelete,
  onDelete,
  statusOptions,
  onStatusChange,
  onReasonChange,
  saving,
}: ShipmentsTableProps) {
  const { t, i18n } = useLingui();

  const statusText = (description: string) => {
    const message = STATUS_TEXT[description as StatusLabel];
    return message ? i18n._(message) : description;
  };
  const reasonText = (name: string) => {
    const message = REASON_TEXT[name];
    return message ? i18n._(message) : name;
  };

  const cell = (id: ColumnId, row: Shipment): ReactNode => {
    const busy = saving?.has(row.id) ?? false;
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
        return timeOf(row.booked_date);
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
        return <span className={styles.mono}>{row.code}</span>;
      case "route_plate":
        return <span className={styles.mono}>{row.route_plate}</span>;
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
        return row.shipper ? (
          <Link
            to="/truck/{-$id}"
            params={{ id: String(row.shipper.id) }}
            className={styles.mono}
            aria-label={t`Truck ${row.shipper.plate}`}
          >
            {row.shipper.plate}
          </Link>
        ) : null;
      case "virtual_truck":
        return row.shipper?.name ?? "";
      case "info_shipper":
        return row.info_shipper;
      case "status":
        return (
          <span className={own.status}>
            <span
              className={own.dot}
              style={{ backgroundColor: row.status.color }}
              aria-hidden="true"
            />
            {statusOptions && onStatusChange ? (
              <select
                className={own.select}
                aria-label={t`Status of ${row.code}`}
                value={row.status.id}
                disabled={busy}
                onChange={(event) => onStatusChange(row, Number(event.target.value))}
              >
                {statusOptions.some((status) => status.id === row.status.id) ? null : (
                  <option value={row.status.id}>{statusText(row.status.description)}</option>
                )}
                {statusOptions.map((status) => (
                  <option key={status.id} value={status.id}>
                    {statusText(status.description)}
                  </option>
                ))}
              </select>
            ) : (
              <span>{statusText(row.status.description)}</span>
            )}
            <span className={`${own.timing} ${own[row.timing]}`}>
              {i18n._(TIMING_TEXT[row.timing])}
            </span>
          </span>
        );
      case "reason": {
        const reasons = REASONS.filter((reason) => reason.status === row.status.id);
        if (onReasonChange && reasons.length > 0) {
          return (
            <select
              className={own.select}
              aria-label={t`Reason of ${row.code}`}
              value={row.reason?.code ?? ""}
              disabled={busy}
              onChange={(event) => onReasonChange(row, event.target.value || null)}
            >
              <option value="">—</option>
              {reasons.map((reason) => (
                <option key={reason.code} value={reason.code}>
                  {reasonText(reason.name)}
                </option>
              ))}
            </select>
          );
        }
        return row.reason ? reasonText(row.reason.name) : "";
      }
      case "actions":
        return (
          <span className={styles.nowrap}>
            <Link
              to={
                row.type === SHIPMENT_TYPE.expedition ? "/expedition/{-$id}" : "/reception/{-$id}"
              }
              params={{ id: String(row.id) }}
              className={styles.iconButton}
              aria-label={t`Details of ${row.code}`}
            >
              <Icon name="edit" size={22} />
            </Link>
            {canDelete ? (
              <Button
                className={`${styles.iconButton} ${styles.danger}`}
                aria-label={t`Delete ${row.code}`}
                onPress={() => onDelete(row)}
              >
                <Icon name="trash" size={22} />
              </Button>
            ) : null}
          </span>
        );
    }
  };

  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">
          <Trans>Shipment lines</Trans>
        </caption>
        <thead>
          <tr>
            {columns.map((id) => (
              <th
                key={id}
                scope="col"
                className={id === "actions" ? styles.action : undefined}
                data-column={id}
              >
                {i18n._(COLUMN_LABELS[id])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className={own.row}
              data-timing={row.timing}
              aria-busy={saving?.has(row.id) || undefined}
            >
              {columns.map((id) => (
                <td
                  key={id}
                  className={id === "actions" ? styles.action : undefined}
                  data-column={id}
                >
                  {cell(id, row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
