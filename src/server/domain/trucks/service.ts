import type { z } from "zod";
import {
  ShipperInput,
  type ShipperPatch,
  type ShipperValues,
} from "../../../shared/contract/trucks";
import { createOnce } from "../../db/create-once";
import type { Db } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { SHIPPERS_PLATE_KEY, type ShipperRow } from "../../db/schema/shippers";
import { errors } from "../../errors";
import { dateRange } from "../../http/date-range";
import { zodValidationError } from "../../http/validation-errors";
import { staleVersion } from "../../http/versioning";
import { writerName } from "../users/repository";
import { presentShipper } from "./presenter";
import {
  deleteTruck,
  findShipper,
  findShipperByUid,
  insertShipper,
  type TruckChanges,
  updateTruck,
} from "./repository";

export const DUPLICATE_PLATE = "A truck with this plate already exists";

/** Writes that may hit the (company, plate) unique index answer 409, even when two race. */
async function plateChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, SHIPPERS_PLATE_KEY)) {
      throw errors.conflict({ plate: [DUPLICATE_PLATE] }, DUPLICATE_PLATE);
    }
    throw error;
  }
}

/** The 412 of a stale If-Match: the truck as it is now and who wrote it (updated_by). */
async function stale(db: Db, current: ShipperRow) {
  return staleVersion(presentShipper(current), current.version, {
    changed_by: await writerName(db, current.updatedBy),
  });
}

const toDate = (value: string | null) => (value === null ? null : new Date(value));

/**
 * Registry fields always; arrival and departure only when the body names them; the writer
 * (updated_by, the user id; null for a write on nobody's behalf).
 */
function changesOf(values: ShipperValues, writer: number | null): TruckChanges {
  const changes: TruckChanges = {
    updatedBy: writer,
    plate: values.plate,
    name: values.name,
    capacityLoad: values.capacity_load,
    phone: values.phone,
    countryCode: values.country_code,
  };
  if (values.register_date !== undefined) changes.registerDate = toDate(values.register_date);
  if (values.expedition_date !== undefined) changes.expeditionDate = toDate(values.expedition_date);
  return changes;
}

export async function createTruck(
  db: Db,
  companyId: number,
  writer: number | null,
  values: ShipperValues,
  uid?: string,
): Promise<ShipperRow> {
  const changes = changesOf(values, writer);
  return plateChecked(() =>
    insertShipper(db, {
      ...changes,
      plate: values.plate,
      name: values.name,
      companyId,
      ...(uid === undefined ? {} : { uid }),
      // Signing a truck up registers its arrival unless the body says otherwise.
      registerDate: changes.registerDate === undefined ? new Date() : changes.registerDate,
    }),
  );
}

/** Creation under a client-chosen id, once (db/create-once.ts). */
export async function createTruckOnce(
  db: Db,
  companyId: number,
  writer: number | null,
  uid: string,
  values: ShipperValues,
): Promise<{ row: ShipperRow; created: boolean }> {
  const { value, created } = await createOnce({
    find: () => findShipperByUid(db, companyId, uid),
    create: () => createTruck(db, companyId, writer, values, uid),
    // Any failure: a racing call's insert may trip the plate index before the uid's.
  });
  return { row: value, created };
}

/** After a conditional write matched nothing: 404 when the truck is gone, else 412. */
async function missOrStale(db: Db, companyId: number, id: number): Promise<never> {
  const current = await findShipper(db, companyId, id);
  if (!current) throw errors.notFound();
  throw await stale(db, current);
}

/** PUT: replaces the registry fields (arrival and departure are kept unless named). */
export async function replaceTruck(
  db: Db,
  companyId: number,
  writer: number | null,
  id: number,
  values: ShipperValues,
  versions: number[] | undefined,
): Promise<ShipperRow> {
  const changes = changesOf(values, writer);
  const row = await plateChecked(() => updateTruck(db, companyId, id, changes, versions));
  return row ?? missOrStale(db, companyId, id);
}

function validationOf(error: z.ZodError, input: unknown) {
  // With each issue's field code (plate characters, phone, sizes), as route validation answers.
  return zodValidationError(error, "body", input);
}

const MERGE_ATTEMPTS = 3;

/**
 * PATCH: the named fields over the current truck, validated as a whole (a new phone is checked
 * against the stored country). The write is conditional on the version that was merged, so a
 * concurrent change is never overwritten: without If-Match the merge is redone on the new row.
 */
export async function patchTruck(
  db: Db,
  companyId: number,
  writer: number | null,
  id: number,
  patch: z.output<typeof ShipperPatch>,
  versions: number[] | undefined,
): Promise<ShipperRow> {
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
    const current = await findShipper(db, companyId, id);
    if (!current) throw errors.notFound();
    if (versions && !versions.includes(current.version)) throw await stale(db, current);
    const merged = ShipperInput.safeParse({
      plate: current.plate,
      name: current.name,
      capacity_load: current.capacityLoad,
      phone: current.phone,
      country_code: current.countryCode,
      ...patch,
    });
    if (!merged.success) throw validationOf(merged.error, patch);
    const changes = changesOf(merged.data, writer);
    const row = await plateChecked(() =>
      updateTruck(db, companyId, id, changes, [current.version]),
    );
    if (row) return row;
  }
  return missOrStale(db, companyId, id);
}

export async function removeTruck(
  db: Db,
  companyId: number,
  id: number,
  versions: number[] | undefined,
): Promise<void> {
  if (!(await deleteTruck(db, companyId, id, versions))) await missOrStale(db, companyId, id);
}

/** Arrival bounds of the list filter as [from, until) (routes/date-range.ts). */
export function registerRange(
  after: string | undefined,
  before: string | undefined,
): { from?: Date; until?: Date } {
  return dateRange("register_date", after, before);
}
