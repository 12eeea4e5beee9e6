import { useLingui } from "@lingui/react/macro";
import type { DateTime } from "luxon";
import { Button } from "react-aria-components";
import {
  type DateRange,
  matchingQuickFilter,
  QUICK_FILTERS,
  type QuickFilter,
  quickFilterRange,
} from "../../../shared/date-filters";
import styles from "./date-quick-filters.module.css";

const ALL = Object.keys(QUICK_FILTERS) as QuickFilter[];

export interface DateQuickFiltersProps {
  /** The range the list filters by now (ISO dates), to highlight the matching button. */
  range: DateRange;
  /** A quick filter was chosen: its range. */
  onSelect: (range: DateRange, filter: QuickFilter) => void;
  /** "Clean filters": omit to hide that button. */
  onClear?: () => void;
  /** Which quick filters to offer, in this order; all of them when omitted. */
  filters?: readonly QuickFilter[];
  /** Reference time (tests); now when omitted. */
  now?: DateTime;
}

/** Yesterday, today, tomorrow, next week, next month, from now, clean filters (spec 2, 9). */
export function DateQuickFilters({
  range,
  onSelect,
  onClear,
  filters = ALL,
  now,
}: DateQuickFiltersProps) {
  const { t } = useLingui();
  const labels: Record<QuickFilter, string> = {
    yesterday: t`Yesterday`,
    today: t`Today`,
    tomorrow: t`Tomorrow`,
    next_week: t`Next week`,
    next_month: t`Next month`,
    from_now: t`From now`,
  };
  const current = matchingQuickFilter(range, now);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t`Quick date filters`}</legend>
      {filters.map((filter) => (
        <Button
          key={filter}
          className={styles.button}
          aria-pressed={filter === current}
          onPress={() => onSelect(quickFilterRange(filter, now), filter)}
        >
          {labels[filter]}
        </Button>
      ))}
      {onClear ? (
        <Button className={`${styles.button} ${styles.clean}`} onPress={onClear}>
          {t`Clean filters`}
        </Button>
      ) : null}
    </fieldset>
  );
}
