import { useLingui } from "@lingui/react/macro";
import type { DateRange, QuickFilter } from "../../../shared/date-filters";
import type { CriticalLineListFilters } from "../../offline/critical-lines-mirror";
import { DateQuickFilters } from "../../ui/list/date-quick-filters";
import { FilterBar, FilterDateRange, FilterField } from "../../ui/list/filter-bar";
import { useFilterDraft } from "../../ui/list/use-filter-draft";

/** The critical lines' date shortcuts, in the spec's order (section 2). */
export const CRITICAL_LINE_QUICK_FILTERS: readonly QuickFilter[] = [
  "tomorrow",
  "next_week",
  "next_month",
  "from_now",
];

export interface CriticalLinesFiltersProps {
  filters: CriticalLineListFilters;
  onChange: (filters: CriticalLineListFilters) => void;
}

export function CriticalLinesFilters({ filters, onChange }: CriticalLinesFiltersProps) {
  const { t } = useLingui();
  const { draft, set } = useFilterDraft(filters);
  const handleQuick = (range: DateRange) =>
    onChange({ ...draft, date_after: range.after, date_before: range.before });

  return (
    <FilterBar
      label={t`Critical line filters`}
      onApply={() => onChange(draft)}
      onClear={() => onChange({})}
      footer={
        <DateQuickFilters
          range={{ after: filters.date_after, before: filters.date_before }}
          filters={CRITICAL_LINE_QUICK_FILTERS}
          onSelect={handleQuick}
          onClear={() => onChange({})}
        />
      }
    >
      <FilterField
        label={t`Line`}
        value={draft.line ?? ""}
        onChange={set("line")}
        maxLength={200}
      />
      <FilterField
        label={t`Cause`}
        value={draft.cause ?? ""}
        onChange={set("cause")}
        maxLength={200}
      />
      <FilterField
        label={t`Product`}
        value={draft.product ?? ""}
        onChange={set("product")}
        maxLength={200}
      />
      <FilterField
        label={t`Provider`}
        value={draft.provider ?? ""}
        onChange={set("provider")}
        maxLength={200}
      />
      <FilterField
        label={t`Client`}
        value={draft.client_name ?? ""}
        onChange={set("client_name")}
        maxLength={200}
      />
      <FilterDateRange
        keys={["date_after", "date_before"]}
        labels={[t`From`, t`Until`]}
        values={draft}
        set={set}
      />
    </FilterBar>
  );
}
