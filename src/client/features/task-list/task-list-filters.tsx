import { useLingui } from "@lingui/react/macro";
import type { DateRange } from "../../../shared/date-filters";
import { DateQuickFilters } from "../../ui/list/date-quick-filters";
import { FilterBar, FilterDateRange } from "../../ui/list/filter-bar";
import { useFilterDraft } from "../../ui/list/use-filter-draft";
import { type SearchOption, SearchSelect } from "../../ui/search-select";
import { searchUsers, searchWorksheets } from "./api";
import styles from "./task-list.module.css";
import type { TaskListSearch } from "./task-list-search";

export type TaskListFilterValues = Omit<TaskListSearch, "page">;

export interface TaskListFiltersProps {
  filters: TaskListFilterValues;
  onChange: (filters: TaskListFilterValues) => void;
}

const option = (id: number | undefined, text: string | undefined): SearchOption | null =>
  id ? { id, text: text ?? String(id) } : null;

/** Date from, date to, user and task searches, quick dates (yesterday, today, tomorrow), reset. */
export function TaskListFilters({ filters, onChange }: TaskListFiltersProps) {
  const { t } = useLingui();
  const { draft, set } = useFilterDraft(filters);

  const user = option(draft.user, draft.user_name);
  const worksheet = option(draft.worksheet, draft.worksheet_name);
  const keep = { shipment: filters.shipment };

  return (
    <FilterBar
      label={t`Task list filters`}
      onApply={() => onChange(draft)}
      onClear={() => onChange(keep)}
      footer={
        <DateQuickFilters
          range={{ after: filters.date_after, before: filters.date_before }}
          filters={["yesterday", "today", "tomorrow"]}
          onSelect={(range: DateRange) =>
            onChange({ ...draft, date_after: range.after, date_before: range.before })
          }
          onClear={() => onChange(keep)}
        />
      }
    >
      <FilterDateRange
        keys={["date_after", "date_before"]}
        labels={[t`Date from`, t`Date to`]}
        values={draft}
        set={set}
      />
      <div className={styles.filterSelect}>
        <SearchSelect
          label={t`User`}
          value={user}
          onChange={(value) => onChange({ ...draft, user: value?.id, user_name: value?.text })}
          search={searchUsers}
        />
      </div>
      <div className={styles.filterSelect}>
        <SearchSelect
          label={t`Task`}
          value={worksheet}
          onChange={(value) =>
            onChange({ ...draft, worksheet: value?.id, worksheet_name: value?.text })
          }
          search={searchWorksheets}
        />
      </div>
    </FilterBar>
  );
}
