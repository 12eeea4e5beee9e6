import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RecurrenceRule } from "../../../shared/recurrence";

export type RecurrenceProblems = Partial<
  Record<"interval" | "months" | "weekdays" | "count" | "until", MessageDescriptor>
>;

/** What keeps a rule from being saved (spec section 5: interval and instances at least 1). */
export function recurrenceProblems(rule: RecurrenceRule): RecurrenceProblems {
  const problems: RecurrenceProblems = {};
  if (!Number.isInteger(rule.interval) || rule.interval < 1) {
    problems.interval = msg`At least 1`;
  }
  if (rule.frequency === "yearly" && rule.months.length === 0) {
    problems.months = msg`Pick at least one month`;
  }
  if (rule.frequency === "weekly" && rule.weekdays.length === 0) {
    problems.weekdays = msg`Pick at least one weekday`;
  }
  if (rule.end.kind === "count" && (!Number.isInteger(rule.end.count) || rule.end.count < 1)) {
    problems.count = msg`At least 1`;
  }
  if (rule.end.kind === "until" && !/^\d{4}-\d{2}-\d{2}$/.test(rule.end.until)) {
    problems.until = msg`Pick the end date`;
  }
  return problems;
}
