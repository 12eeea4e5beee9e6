import { useLingui } from "@lingui/react/macro";
import type { StatusDefinition } from "../../../shared/contract/status";
import type { DateRange, QuickFilter } from "../../../shared/date-filters";
import type { ShipmentListFilters } from "../../offline/shipments-mirror";
import { Checkbox } from "../../ui/fields/checkbox";
import { DateQuickFilters } from "../../ui/list/date-quick-filters";
import { FilterBar, FilterDateRange, FilterField } from "../../ui/list/filter-bar";
import { useFilterDraft } from "../../ui/list/use-filter-draft";
import { statusLabel } from "../../ui/shipment-labels";
import styles from "./shipments.module.css";

export interface ShipmentsFiltersProps {
  filters: ShipmentListFilters;
  /** Replaces every filter (page 1). */
  onChange: (filters: ShipmentListFilters) => void;
  /** Quick date filters offered (next_week for trw companies). */
  quickFilters: readonly QuickFilter[];
  /** Statuses of the type with the company rules applied. */
  statuses: readonly StatusDefinition[];
  /** Client choices. */
  clients: readonly { id: number; description: string }[];
  /** Filters kept by "clean filters" (a client-limited user's clients). */
  baseline: ShipmentListFilters;
  showOrigin: boolean;
  /** Route plate and truck information (trw companies). */
  showTrw: boolean;
  /** "Show issued" (company kl, expeditions). */
  showIssuedToggle: boolean;
  /** Leaves the delivery note out (line cards have a search box for it). */
  hideCode?: boolean;
}

const toggle = (list: readonly number[] | undefined, id: number, on: boolean) => {
  const rest = (list ?? []).filter((item) => item !== id);
  const next = on ? [...rest, id] : rest;
  return next.length > 0 ? next : undefined;
};

/** Booked date range, delivery note, clients, statuses and the per-company extras. */
export function ShipmentsFilters({
  filters,
  onChange,
  quickFilters,
  statuses,
  clients,
  baseline,
  showOrigin,
  showTrw,
  showIssuedToggle,
  hideCode = false,
}: ShipmentsFiltersProps) {
  const { t, i18n } = useLingui();
  const { draft, setDraft, set } = useFilterDraft(filters);

  const handleQuick = (range: DateRange) =>
    onChange({ ...draft, booked_date_after: range.after, booked_date_before: range.before });

  return (
    <FilterBar
      label={t`Shipment filters`}
      onApply={() => onChange(draft)}
      onClear={() => onChange(baseline)}
      footer={
        <DateQuickFilters
          range={{ after: filters.booked_date_after, before: filters.booked_date_before }}
          filters={quickFilters}
          onSelect={handleQuick}
          onClear={() => onChange(baseline)}
        />
      }
    >
      <FilterDateRange
        keys={["booked_date_after", "booked_date_before"]}
        labels={[t`Booked from`, t`Booked until`]}
        values={draft}
        set={set}
      />
      {hideCode ? null : (
        <FilterField
          label={t`Delivery note`}
          value={draft.code ?? ""}
          onChange={set("code")}
          maxLength={120}
        />
      )}
      {showOrigin ? (
        <FilterField
          label={t`Origin`}
          value={draft.origin ?? ""}
          onChange={set("origin")}
          maxLength={120}
        />
      ) : null}
      {showTrw ? (
        <>
          <FilterField
            label={t`Route plate`}
            value={draft.route_plate ?? ""}
            onChange={set("route_plate")}
            normalise={(value) => value.toUpperCase()}
            maxLength={120}
          />
          <FilterField
            label={t`Truck information`}
            value={draft.info_shipper ?? ""}
            onChange={set("info_shipper")}
            maxLength={120}
          />
        </>
      ) : null}
      {clients.length > 0 ? (
        <fieldset className={styles.checks}>
          <legend className={styles.legend}>{t`Client`}</legend>
          {clients.map((client) => (
            <Checkbox
              key={client.id}
              isSelected={draft.client?.includes(client.id) ?? false}
              onChange={(on) =>
                setDraft((current) => ({
                  ...current,
                  client: toggle(current.client, client.id, on),
                }))
              }
            >
              {client.description}
            </Checkbox>
          ))}
        </fieldset>
      ) : null}
      <fieldset className={styles.checks}>
        <legend className={styles.legend}>{t`Status`}</legend>
        {statuses.map((status) => (
          <Checkbox
            key={status.id}
            isSelected={draft.status?.includes(status.id) ?? false}
            onChange={(on) =>
              setDraft((current) => ({ ...current, status: toggle(current.status, status.id, on) }))
            }
          >
            {statusLabel(status.description, i18n)}
          </Checkbox>
        ))}
      </fieldset>
      {showIssuedToggle ? (
        <Checkbox
          isSelected={draft.show_issued ?? false}
          onChange={(on) => onChange({ ...draft, show_issued: on })}
        >
          {t`Show issued`}
        </Checkbox>
      ) : null}
    </FilterBar>
  );
}
