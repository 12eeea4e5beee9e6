import { DateTime } from "luxon";
import type { Shipper } from "../../shared/contract/trucks";
import { normalisePlate } from "../../shared/plate";
import { db, type TruckRow } from "./db";
import { storeListAnswer } from "./list-answer";
import { unlessPending } from "./outbox";
import { type ListAnswer, type LocalPage, newerThanMirror, slicePage } from "./page-rules";

/** Resource name of the trucks list in page keys and sync times. */
export const TRUCKS_RESOURCE = "shipper";

/** The trucks list filters as the URL keeps them; dates are ISO days (YYYY-MM-DD, local). */
export interface TruckListFilters {
  name?: string;
  plate?: string;
  register_date_after?: string;
  register_date_before?: string;
}

const timeOf = (iso: string | null): number | null => {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * The server's list order: newest arrival first, trucks never registered last, then newest
 * id. Negative when `a` comes first.
 */
export function compareTrucks(a: TruckRow, b: TruckRow): number {
  const ta = timeOf(a.register_date);
  const tb = timeOf(b.register_date);
  if (ta !== tb) {
    if (ta === null) return 1;
    if (tb === null) return -1;
    return tb - ta;
  }
  return b.id - a.id;
}

/** Compiled filters: the same tests the API applies (name and plate contain, day bounds). */
export function truckMatcher(filters: TruckListFilters): (row: TruckRow) => boolean {
  const name = filters.name?.trim().toLocaleLowerCase() || undefined;
  const plate = filters.plate ? normalisePlate(filters.plate) || undefined : undefined;
  const after = filters.register_date_after
    ? DateTime.fromISO(filters.register_date_after).startOf("day")
    : undefined;
  const before = filters.register_date_before
    ? DateTime.fromISO(filters.register_date_before).startOf("day").plus({ days: 1 })
    : undefined;
  const from = after?.isValid ? after.toMillis() : undefined;
  const until = before?.isValid ? before.toMillis() : undefined;
  return (row) => {
    if (name !== undefined && !row.name.toLocaleLowerCase().includes(name)) return false;
    if (plate !== undefined && !normalisePlate(row.plate).includes(plate)) return false;
    if (from === undefined && until === undefined) return true;
    const time = timeOf(row.register_date);
    if (time === null) return false;
    return (from === undefined || time >= from) && (until === undefined || time < until);
  };
}

function companyRows(company: number): Promise<TruckRow[]> {
  return db.trucks.where("company").equals(company).toArray();
}

async function matchingRows(company: number, filters: TruckListFilters): Promise<TruckRow[]> {
  const rows = await companyRows(company);
  return rows.filter(truckMatcher(filters)).sort(compareTrucks);
}

/** The page computed on the device from the mirrored trucks of `company` (offline). */
export async function readLocalTrucksPage(
  company: number,
  filters: TruckListFilters,
  page: number,
  pageSize: number,
): Promise<LocalPage<TruckRow>> {
  return slicePage(await matchingRows(company, filters), page, pageSize);
}

/** Mirrored rows for the ids, in that order; ids no longer mirrored are skipped. */
export async function readTrucks(ids: readonly number[]): Promise<TruckRow[]> {
  const rows = await db.trucks.bulkGet([...ids]);
  return rows.filter((row): row is TruckRow => row !== undefined);
}

/**
 * Writes one list answer into the mirror, in one transaction: the rows (in chunks), the removal
 * of rows the page proves gone, the page record and the list's last sync time.
 */
export async function writeTrucksPage(
  company: number,
  filters: TruckListFilters,
  page: number,
  pageSize: number,
  answer: ListAnswer<Shipper>,
  now: number = Date.now(),
  resource: string = TRUCKS_RESOURCE,
): Promise<void> {
  await storeListAnswer(
    {
      entity: "shipper",
      table: db.trucks,
      rows: () => companyRows(company),
      matches: truckMatcher(filters),
      compare: compareTrucks,
    },
    { company, resource, filters, page, pageSize, now },
    answer,
  );
}

/**
 * Stores one truck the API answered with (read, create, update), unless the mirror is newer or
 * holds a queued change of it (the device shows its edit until the replayer settles it).
 */
export async function putTruck(row: Shipper): Promise<void> {
  await db.transaction("rw", db.trucks, db.outbox, async () => {
    const [fresh] = await unlessPending("shipper", await newerThanMirror(db.trucks, [row]));
    if (fresh) await db.trucks.put(fresh);
  });
}

export function getMirroredTruck(id: number): Promise<TruckRow | undefined> {
  return db.trucks.get(id);
}

/** After the API deleted it. */
export async function removeTruck(id: number): Promise<void> {
  await db.trucks.delete(id);
}
