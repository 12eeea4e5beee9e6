import type {
  DwellGroupQuery,
  DwellGroupRow,
  DwellLine,
  DwellLineQuery,
  DwellRow,
  MetricsQuery,
} from "../../../shared/contract/bi";
import type { AuthContext } from "../../auth/context";
import type { Db } from "../../db/database";
import { rowWindow } from "../../http/page";
import { dwellLines, dwellPerDay, dwellPerGroup } from "./dwell-repository";
import { presentDwellDay, presentDwellGroup, presentDwellLine } from "./presenter";
import { metricScopeOf, rangeOf } from "./scope";

/**
 * Dwell and turn time (issue 16): from a line's arrival (check-in) to its truck's first
 * check-out after it, or to the line's loading or discharge time when the truck never checked
 * out; per arrival day, per carrier or truck, and the lines behind the figures.
 */

export async function dwellDays(
  db: Db,
  auth: AuthContext,
  query: MetricsQuery,
): Promise<DwellRow[]> {
  const found = await dwellPerDay(db, await metricScopeOf(db, auth), rangeOf(query), query.type);
  return found.map(presentDwellDay);
}

export async function dwellGroups(
  db: Db,
  auth: AuthContext,
  query: DwellGroupQuery,
): Promise<DwellGroupRow[]> {
  const found = await dwellPerGroup(
    db,
    await metricScopeOf(db, auth),
    rangeOf(query),
    query.type,
    query.by,
  );
  return found.map(presentDwellGroup);
}

/** One page of the lines behind the figures, longest dwell first, and how many there are. */
export async function dwellLinePage(
  db: Db,
  auth: AuthContext,
  query: DwellLineQuery,
): Promise<{ count: number; rows: DwellLine[] }> {
  const found = await dwellLines(
    db,
    await metricScopeOf(db, auth),
    rangeOf(query),
    query.type,
    { carrier: query.carrier, truckId: query.truck },
    rowWindow(query),
  );
  return { count: found[0]?.total ?? 0, rows: found.map(presentDwellLine) };
}
