import type { CriticalLineValues } from "../../../shared/contract/critical-lines";
import { writeInstant } from "../../../shared/contract/shipments-write";
import { createOnce } from "../../db/create-once";
import type { Db } from "../../db/database";
import type { CriticalLineRow } from "../../db/schema/critical-lines";
import { errors } from "../../errors";
import { staleVersion } from "../../http/versioning";
import { recordHistory } from "./history";
import { presentCriticalLine } from "./presenter";
import {
  type CriticalLineChanges,
  deleteCriticalLine,
  findCriticalLine,
  findCriticalLineByUid,
  insertCriticalLine,
  updateCriticalLine,
} from "./repository";

function changesOf(values: CriticalLineValues): CriticalLineChanges {
  return {
    initDate: writeInstant(values.init_date),
    endDate: writeInstant(values.end_date),
    cause: values.cause,
    activity: values.activity,
    line: values.line,
    product: values.product,
    contact: values.contact,
    destination: values.destination,
    observations: values.observations,
    provider: values.provider,
    clientName: values.client_name,
  };
}

export async function createCriticalLine(
  db: Db,
  companyId: number,
  userId: number,
  values: CriticalLineValues,
  uid?: string,
): Promise<CriticalLineRow> {
  const row = await insertCriticalLine(db, {
    ...changesOf(values),
    companyId,
    userId,
    ...(uid === undefined ? {} : { uid }),
  });
  await recordHistory(db, userId, null, row);
  return row;
}

/** Creation under a client-chosen id (a device's offline creation), once (db/create-once.ts). */
export async function createCriticalLineOnce(
  db: Db,
  companyId: number,
  userId: number,
  uid: string,
  values: CriticalLineValues,
): Promise<{ row: CriticalLineRow; created: boolean }> {
  const { value, created } = await createOnce({
    find: () => findCriticalLineByUid(db, companyId, uid),
    create: () => createCriticalLine(db, companyId, userId, values, uid),
  });
  return { row: value, created };
}

/** After a conditional write matched nothing: 404 when the line is gone, else 412. */
async function missOrStale(db: Db, companyId: number, id: number): Promise<never> {
  const current = await findCriticalLine(db, companyId, id);
  if (!current) throw errors.notFound();
  throw staleVersion(presentCriticalLine(current), current.version);
}

/**
 * PUT: every field replaced, on the version read first (If-Match, when sent, must name it),
 * so the history entry records exactly what this write changed.
 */
export async function replaceCriticalLine(
  db: Db,
  companyId: number,
  userId: number,
  id: number,
  values: CriticalLineValues,
  versions: number[] | undefined,
): Promise<CriticalLineRow> {
  const current = await findCriticalLine(db, companyId, id);
  if (!current) throw errors.notFound();
  if (versions && !versions.includes(current.version)) {
    throw staleVersion(presentCriticalLine(current), current.version);
  }
  const row = await updateCriticalLine(db, companyId, id, changesOf(values), [current.version]);
  if (!row) return missOrStale(db, companyId, id);
  await recordHistory(db, userId, current, row);
  return row;
}

export async function removeCriticalLine(
  db: Db,
  companyId: number,
  id: number,
  versions: number[] | undefined,
): Promise<void> {
  if (!(await deleteCriticalLine(db, companyId, id, versions))) {
    await missOrStale(db, companyId, id);
  }
}
