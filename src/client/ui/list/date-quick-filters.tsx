import { msg } from "@lingui/core/macro";
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
import type { LabelTable } from "../../lib/labels";
import styles from "./date-quick-filters.module.css";

const ALL = Object.keys(QUICK_FILTERS) as QuickFilter[];

const QUICK_FILTER_LABELS: LabelTable<QuickFilter> = {
  yesterday: msg`Yesterday`,
  today: msg`Today`,
  tomorrow: msg`Tomorrow`,
  next_week: msg`Next week`,
  next_month: msg`Next month`,
  from_now: msg`From now`,
};

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
  const { t, i18n } = useLingui();
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
          {i18n._(QUICK_FILTER_LABELS[filter])}
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
