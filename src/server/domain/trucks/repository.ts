import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/database";
import { containsPattern, startsWithPattern } from "../../db/like-patterns";
import { type NewShipperRow, type ShipperRow, shippers } from "../../db/schema/shippers";
import { deleteVersionedRow, updateVersionedRow } from "../../db/versioned-rows";

/** Every query here is scoped to one company: a truck of another company does not exist. */
const ofCompany = (companyId: number, ...more: (SQL | undefined)[]) =>
  and(eq(shippers.companyId, companyId), ...more);

/** The company's trucks that meet the conditions, whole rows. */
const trucksWhere = (db: Db, companyId: number, ...more: (SQL | undefined)[]) =>
  db
    .select()
    .from(shippers)
    .where(ofCompany(companyId, ...more));

export interface TruckFilter {
  name?: string | undefined;
  /** Normalised plate text. */
  plate?: string | undefined;
  registeredFrom?: Date | undefined;
  /** Exclusive upper bound. */
  registeredUntil?: Date | undefined;
  limit: number;
  offset: number;
}

const listOrder = [sql`${shippers.registerDate} desc nulls last`, desc(shippers.id)];

export async function listTrucks(
  db: Db,
  companyId: number,
  filter: TruckFilter,
): Promise<{ count: number; rows: ShipperRow[] }> {
  const where = ofCompany(
    companyId,
    filter.name ? sql`${shippers.name} ilike ${containsPattern(filter.name)}` : undefined,
    filter.plate ? sql`${shippers.plateKey} like ${containsPattern(filter.plate)}` : undefined,
    filter.registeredFrom ? gte(shippers.registerDate, filter.registeredFrom) : undefined,
    filter.registeredUntil ? lt(shippers.registerDate, filter.registeredUntil) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(shippers).where(where);
  const rows = await db
    .select()
    .from(shippers)
    .where(where)
    .orderBy(...listOrder)
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
}

/**
 * Trucks on site: arrived (register_date set) and not left since, i.e. no departure or a
 * departure older than the last arrival.
 */
export async function availableTrucks(
  db: Db,
  companyId: number,
  limit: number,
): Promise<{ count: number; rows: ShipperRow[] }> {
  const where = ofCompany(
    companyId,
    isNotNull(shippers.registerDate),
    or(isNull(shippers.expeditionDate), lt(shippers.expeditionDate, shippers.registerDate)),
  );
  const [total] = await db.select({ n: count() }).from(shippers).where(where);
  const rows = await db
    .select()
    .from(shippers)
    .where(where)
    .orderBy(...listOrder)
    .limit(limit);
  return { count: total?.n ?? 0, rows };
}

export type AutocompleteColumn = "plate" | "name" | "phone";

/** Up to `limit` trucks whose column contains `text`; those starting with it come first. */
export async function autocompleteTrucks(
  db: Db,
  companyId: number,
  column: AutocompleteColumn,
  text: string,
  limit: number,
): Promise<ShipperRow[]> {
  // Plates compare by their key (no spaces or hyphens), as typed text is normalised.
  const target = column === "plate" ? shippers.plateKey : shippers[column];
  const operator = column === "name" ? sql`ilike` : sql`like`;
  const prefix =
    column === "phone"
      ? sql`(${target} like ${startsWithPattern(text)} or ${target} like ${startsWithPattern(`+${text}`)})`
      : sql`${target} ${operator} ${startsWithPattern(text)}`;
  return trucksWhere(db, companyId, sql`${target} ${operator} ${containsPattern(text)}`)
    .orderBy(sql`case when ${prefix} then 0 else 1 end`, asc(target), desc(shippers.id))
    .limit(limit);
}

export async function findShipper(
  db: Db,
  companyId: number,
  id: number,
): Promise<ShipperRow | undefined> {
  const [row] = await trucksWhere(db, companyId, eq(shippers.id, id));
  return row;
}

/** The company's truck created under a client-chosen id, if any. */
export async function findShipperByUid(
  db: Db,
  companyId: number,
  uid: string,
): Promise<ShipperRow | undefined> {
  const [row] = await trucksWhere(db, companyId, eq(shippers.uid, uid));
  return row;
}

/** Trucks of the company by id (the change feed); missing ids are left out. */
export async function findTrucks(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<ShipperRow[]> {
  if (ids.length === 0) return [];
  return trucksWhere(db, companyId, inArray(shippers.id, [...ids]));
}

export async function insertShipper(db: Db, values: NewShipperRow): Promise<ShipperRow> {
  const [row] = await db.insert(shippers).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export type TruckChanges = Partial<
  Pick<
    NewShipperRow,
    | "plate"
    | "name"
    | "capacityLoad"
    | "phone"
    | "countryCode"
    | "registerDate"
    | "expeditionDate"
    | "updatedBy"
  >
>;

/**
 * Applies the changes and bumps the version. With `versions`, only when the row is at one of
 * them (If-Match): undefined means the row is missing or at another version.
 */
export function updateTruck(
  db: Db,
  companyId: number,
  id: number,
  changes: TruckChanges,
  versions?: readonly number[],
): Promise<ShipperRow | undefined> {
  return updateVersionedRow(db, shippers, companyId, id, changes, versions);
}

/** Deletes the truck (at one of `versions`, when given); false when nothing matched. */
export function deleteTruck(
  db: Db,
  companyId: number,
  id: number,
  versions?: readonly number[],
): Promise<boolean> {
  return deleteVersionedRow(db, shippers, companyId, id, versions);
}

/** A plate as the check-in compares it: the key without spaces or hyphens (plate_key). */
const plateKey = shippers.plateKey;

/**
 * Trucks for a check-in (spec section 3): the company's trucks de-duplicated by plate, of each
 * plate the most recently registered (never registered last, then the newest id), newest
 * arrival first, at most `limit`; `plate` (normalised) narrows to plates containing it.
 */
export async function checkInTrucks(
  db: Db,
  companyId: number,
  filter: { plate?: string | undefined; limit: number },
): Promise<{ count: number; rows: ShipperRow[] }> {
  const where = ofCompany(
    companyId,
    filter.plate ? sql`${plateKey} like ${containsPattern(filter.plate)}` : undefined,
  );
  const latest = db
    .selectDistinctOn([plateKey])
    .from(shippers)
    .where(where)
    .orderBy(plateKey, ...listOrder)
    .as("latest");
  const [total] = await db.select({ n: count() }).from(latest);
  const rows = await db
    .select()
    .from(latest)
    .orderBy(sql`${latest.registerDate} desc nulls last`, desc(latest.id))
    .limit(filter.limit);
  return { count: total?.n ?? 0, rows };
}
