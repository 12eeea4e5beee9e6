import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ShipmentType } from "../../../shared/contract/status";
import { countCacheOf, countedColumn } from "../../db/count-cache";
import type { Executor } from "../../db/database";
import { containsPattern } from "../../db/like-patterns";
import { preparedPerShape } from "../../db/prepared-per-shape";
import { rowsMappedOnce } from "../../db/rows-mapped-once";
import { shipments } from "../../db/schema/shipments";
import { type ShipmentScope, type ShipmentView, viewLookups } from "../lines/repository";
import { searchCondition, searchPatterns } from "./search-repository";

/**
 * The expeditions/receptions list is the hot path (every screen polls it): building its
 * queries with Drizzle costs about 0.3 ms of CPU per request, and PostgreSQL parses and plans
 * them each time. So each filter shape (which filters are set, how many ids each list holds)
 * is built once, with placeholders, as a named prepared statement: node-postgres then sends
 * only Bind/Execute on a connection that has seen it. Values never enter the SQL text. Shapes
 * beyond MAX_SHAPES per database fall back to building the SQL each time.
 *
 * The page carries the total as a scalar subquery (PostgreSQL runs it once, as an InitPlan), so
 * a list is one round trip, not two: every wait on the database costs the process CPU when it
 * wakes (cold caches; scripts/bench-http.ts measured a bare handler at 0.58 ms a request, 1.24
 * ms once one of its two queries waited 10 ms), and the unfiltered count waits longest. Only an
 * empty page past the first asks for the count on its own.
 *
 * The total is counted only when the company's lines changed since it was last counted for this
 * scope and filter (db/count-cache.ts): the page statement compares the company's change_log
 * version with the kept one and skips the count subquery when they match.
 */
const MAX_SHAPES = 200;

export interface ShipmentFilter {
  type: ShipmentType;
  bookedFrom?: Date | undefined;
  /** Exclusive upper bound. */
  bookedUntil?: Date | undefined;
  code?: string | undefined;
  /** Delivery note, route plate or the assigned truck's plate contains it. */
  search?: string | undefined;
  routePlate?: string | undefined;
  infoShipper?: string | undefined;
  /** Origin of receptions (destination of expeditions). */
  place?: string | undefined;
  clientIds?: readonly number[] | undefined;
  statusIds?: readonly number[] | undefined;
  /** Statuses left out (kl's issued). */
  hiddenStatusIds?: readonly number[] | undefined;
  limit: number;
  offset: number;
}

type Params = Record<string, unknown>;

interface Statements {
  /** The page and the total number of matching lines. */
  list(params: Params): Promise<{ count: number; rows: ShipmentView[] }>;
}

const TEXT_FILTERS = [
  ["code", shipments.code],
  ["routePlate", shipments.routePlate],
  ["infoShipper", shipments.infoShipper],
  ["place", shipments.place],
] as const;
const ID_FILTERS = [
  ["scopeClient", (scope: ShipmentScope) => scope.clientIds, "in"],
  ["client", (_: ShipmentScope, filter: ShipmentFilter) => filter.clientIds, "in"],
  ["status", (_: ShipmentScope, filter: ShipmentFilter) => filter.statusIds, "in"],
  ["hidden", (_: ShipmentScope, filter: ShipmentFilter) => filter.hiddenStatusIds, "not in"],
] as const;

/**
 * The shape of a request (what the SQL depends on) and the values to bind: the filters set,
 * then "|", then the paging. A first page (what every screen polls) has its page size written
 * in the SQL and no offset: PostgreSQL then costs its generic plan as it costs the custom one
 * and, after five custom plans, keeps it instead of planning every request anew (issue 30).
 * With a placeholder it assumes a tenth of the company's lines are read, and plans each time.
 * Not with a text filter: a generic plan costs a pattern at a default selectivity, and could
 * keep reading the list index in order for a pattern that matches almost nothing.
 */
function shapeOf(scope: ShipmentScope, filter: ShipmentFilter): { key: string; params: Params } {
  const params: Params = {
    company: scope.companyId,
    type: filter.type,
    limit: filter.limit,
    offset: filter.offset,
  };
  const key: string[] = [];
  if (filter.bookedFrom) {
    params.from = filter.bookedFrom.toISOString(); // as Drizzle sends a timestamp
    key.push("from");
  }
  if (filter.bookedUntil) {
    params.until = filter.bookedUntil.toISOString();
    key.push("until");
  }
  if (filter.search) {
    const patterns = searchPatterns(filter.search);
    params.search = patterns.text;
    params.searchPlate = patterns.plate;
    key.push("search");
  }
  for (const [name] of TEXT_FILTERS) {
    const text = filter[name];
    if (!text) continue;
    params[name] = containsPattern(text);
    key.push(name);
  }
  for (const [name, ids] of ID_FILTERS) {
    const list = ids(scope, filter) ?? [];
    list.forEach((id, index) => {
      params[`${name}${index}`] = id;
    });
    if (list.length > 0) key.push(`${name}${list.length}`);
  }
  const textual = key.some(
    (part) => part === "search" || TEXT_FILTERS.some(([name]) => name === part),
  );
  const paging = filter.offset === 0 && !textual ? `first${filter.limit}` : "paged";
  return { key: `${key.join(",")}|${paging}`, params };
}

function build(db: Executor, shape: string, name: string): Statements {
  const [filters = "", paging = ""] = shape.split("|");
  const has = new Set(filters.split(","));
  const countOf = (prefix: string) =>
    Number([...has].find((part) => part.startsWith(prefix))?.slice(prefix.length) ?? 0);
  const ids = (prefix: string): Placeholder[] =>
    Array.from({ length: countOf(prefix) }, (_, index) => sql.placeholder(`${prefix}${index}`));
  const text = (column: PgColumn, key: string) =>
    has.has(key) ? sql`${column} ilike ${sql.placeholder(key)}` : undefined;
  const idFilter = (column: PgColumn, prefix: string, op: "in" | "not in"): SQL | undefined => {
    const list = ids(prefix);
    if (list.length === 0) return undefined;
    return op === "in" ? inArray(column, list) : notInArray(column, list);
  };
  const where = and(
    eq(shipments.companyId, sql.placeholder("company")),
    isNull(shipments.deletedAt),
    idFilter(shipments.clientId, "scopeClient", "in"),
    eq(shipments.type, sql.placeholder("type")),
    has.has("from") ? gte(shipments.bookedDate, sql.placeholder("from")) : undefined,
    has.has("until") ? lt(shipments.bookedDate, sql.placeholder("until")) : undefined,
    ...TEXT_FILTERS.map(([key, column]) => text(column, key)),
    has.has("search")
      ? searchCondition({ text: sql.placeholder("search"), plate: sql.placeholder("searchPlate") })
      : undefined,
    ...ID_FILTERS.filter(([prefix]) => prefix !== "scopeClient").map(([prefix, , op]) =>
      idFilter(prefix === "client" ? shipments.clientId : shipments.statusId, prefix, op),
    ),
  );
  const countAlone = db
    .select({ n: count() })
    .from(shipments)
    .where(where)
    .prepare(`${name}_count`);
  // Inside the subquery "shipments"."…" names its own shipments (the innermost FROM item of
  // that name), as searchCondition's truck subquery relies on for "shippers". The search also
  // reads trucks' plates, so its totals follow the trucks' changes too.
  const counted = countedColumn({
    company: sql.placeholder("company"),
    entities: has.has("search") ? ["shipment", "shipper"] : ["shipment"],
    known: sql.placeholder("known"),
    count: sql`(select count(*) from ${shipments} where ${where})`,
  });
  // A deferred join: the page's ids first, from the list index alone (offset and limit over
  // narrow index entries), then the rest of those few lines. Joined before the offset, page
  // 500 read and joined 5,000 whole lines to keep 10 (57-69 ms of SQL at a million lines).
  // Written as SQL: Drizzle sends a numeric limit as a parameter.
  const window = paging.startsWith("first")
    ? sql`limit ${sql.raw(String(Number(paging.slice("first".length))))}`
    : sql`limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}`;
  const pageIds = sql`(select ${shipments.id} from ${shipments} where ${where}
    order by ${shipments.bookedDate}, ${shipments.id} ${window}) as page_ids`;
  // The status, client, truck, reason and live booking of each of those lines are looked up
  // (viewLookups), not joined: PostgreSQL plans a deeper page anew on every request (its generic
  // plan, costed for an unknown offset, never wins; see shapeOf).
  // Its rows mapped with a plan made once (db/rows-mapped-once.ts: Drizzle's own mapping was
  // 13 % of the server's CPU on this request).
  const page = rowsMappedOnce(
    db
      .select({ shipment: shipments, ...viewLookups, counted })
      .from(pageIds)
      .innerJoin(shipments, sql`${shipments.id} = page_ids.id`)
      .orderBy(asc(shipments.bookedDate), asc(shipments.id))
      .prepare(`${name}_page`),
  );
  const counts = countCacheOf(db);
  return {
    list: async (params) => {
      const { limit: _limit, offset: _offset, ...scope } = params;
      const key = `${filters}|${JSON.stringify(scope)}`;
      const known = counts.get(key);
      const found = await page.execute({ ...params, known: known?.version ?? null });
      const first = found[0];
      if (first) {
        const count = first.counted?.count ?? known?.count;
        if (count === undefined) throw new Error("no total: the version matched none kept");
        if (first.counted) counts.keep(key, first.counted.version, count);
        // The rows keep their `counted` (the presenter reads only a view's own fields): a copy
        // of each row without it cost more than the rest of the page's mapping.
        return { count, rows: found };
      }
      // No line on this page: none matches at all, or the page lies past the last one.
      if (params.offset === 0) return { count: 0, rows: [] };
      const [row] = await countAlone.execute(params);
      return { count: row?.n ?? 0, rows: [] };
    },
  };
}

const statementsOf = preparedPerShape<Statements>("shipments_list", MAX_SHAPES);

/**
 * The prepared list statements for this request's shape (built on first use), and
 * its values; undefined when the database already holds MAX_SHAPES shapes.
 */
export function listStatements(
  db: Executor,
  scope: ShipmentScope,
  filter: ShipmentFilter,
): { statements: Statements; params: Params } | undefined {
  const { key, params } = shapeOf(scope, filter);
  const statements = statementsOf(db, key, (name) => build(db, key, name));
  return statements && { statements, params };
}
