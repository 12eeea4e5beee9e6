import type { MetricSettings, MetricsQuery, Scorecard } from "../../../shared/contract/bi";
import type { AuthContext } from "../../auth/context";
import type { Db } from "../../db/database";
import { errors } from "../../errors";
import { presentScorecardRow } from "./presenter";
import { metricScopeOf, rangeOf } from "./scope";
import { scorecard, setTolerance, toleranceOf } from "./scorecard-repository";

/**
 * The carrier scorecard (issue 16): per truck name over the lines booked in the range, the
 * arrivals on time (no later than the booked time plus the company's tolerance), incidences
 * and median dwell; and the tolerance setting itself.
 */

export async function carrierScorecard(
  db: Db,
  auth: AuthContext,
  query: MetricsQuery,
): Promise<Scorecard> {
  const tolerance = await toleranceOf(db, auth.company.id);
  const found = await scorecard(
    db,
    await metricScopeOf(db, auth),
    rangeOf(query),
    query.type,
    tolerance,
  );
  return { tolerance_minutes: tolerance, results: found.map(presentScorecardRow) };
}

export async function metricSettings(db: Db, auth: AuthContext): Promise<MetricSettings> {
  return { on_time_tolerance_minutes: await toleranceOf(db, auth.company.id) };
}

/** The admin sets the tolerance. */
export async function saveMetricSettings(
  db: Db,
  auth: AuthContext,
  settings: MetricSettings,
): Promise<MetricSettings> {
  if (!auth.roles.includes("admin")) throw errors.forbidden();
  await setTolerance(db, auth.company.id, settings.on_time_tolerance_minutes);
  return settings;
}
