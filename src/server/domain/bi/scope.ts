import type { AuthContext } from "../../auth/context";
import type { DayRange, MetricScope } from "./repository";

/** What a caller's figures count: the company's rows, only their clients' for a client user. */
export const metricScopeOf = (auth: AuthContext): MetricScope => ({
  companyId: auth.company.id,
  clientIds: auth.clientIds,
});

export const rangeOf = (query: { date_start: string; date_end: string }): DayRange => ({
  start: query.date_start,
  end: query.date_end,
});
