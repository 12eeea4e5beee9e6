import type { AuthContext } from "../../auth/context";
import type { Executor } from "../../db/database";
import { type DayRange, type MetricScope, yardZone } from "./repository";

/**
 * What a caller's figures count: the company's rows, only their clients' for a client user,
 * on the yard's clock (its zone read here, so the SQL compares instants the planner sees).
 */
export const metricScopeOf = async (db: Executor, auth: AuthContext): Promise<MetricScope> => ({
  companyId: auth.company.id,
  clientIds: auth.clientIds,
  zone: await yardZone(db, auth.company.id),
});

export const rangeOf = (query: { date_start: string; date_end: string }): DayRange => ({
  start: query.date_start,
  end: query.date_end,
});
