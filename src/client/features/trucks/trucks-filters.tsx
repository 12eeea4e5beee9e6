import { useLingui } from "@lingui/react/macro";
import type { DateRange } from "../../../shared/date-filters";
import type { TruckListFilters } from "../../offline/trucks-mirror";
import { DateQuickFilters } from "../../ui/list/date-quick-filters";
import { FilterBar, FilterDateRange, FilterField } from "../../ui/list/filter-bar";
import { useFilterDraft } from "../../ui/list/use-filter-draft";

export interface TrucksFiltersProps {
  /** The filters the list shows now (from the URL). */
  filters: TruckListFilters;
  /** Replaces every filter (page 1). */
  onChange: (filters: TruckListFilters) => void;
}

const upper = (value: string) => value.toUpperCase();

/** Name, plate, register date after/before and the date quick filters. */
export function TrucksFilters({ filters, onChange }: TrucksFiltersProps) {
  const { t } = useLingui();
  const { draft, set } = useFilterDraft(filters);

  const handleQuick = (range: DateRange) =>
    onChange({ ...draft, register_date_after: range.after, register_date_before: range.before });

  return (
    <FilterBar
      label={t`Truck filters`}
      onApply={() => onChange(draft)}
      onClear={() => onChange({})}
      footer={
        <DateQuickFilters
          range={{ after: filters.register_date_after, before: filters.register_date_before }}
          onSelect={handleQuick}
          onClear={() => onChange({})}
        />
      }
    >
      <FilterField
        label={t`Name`}
        value={draft.name ?? ""}
        onChange={set("name")}
        maxLength={120}
      />
      <FilterField
        label={t`Plate`}
        value={draft.plate ?? ""}
        onChange={set("plate")}
        normalise={upper}
        maxLength={40}
      />
      <FilterDateRange
        keys={["register_date_after", "register_date_before"]}
        labels={[t`Arrival from`, t`Arrival until`]}
        values={draft}
        set={set}
      />
    </FilterBar>
  );
}
