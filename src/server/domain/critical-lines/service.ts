import type { CriticalLineValues } from "../../../shared/contract/critical-lines";
import { writeInstant } from "../../../shared/contract/shipments-write";
import type { AuthContext } from "../../auth/context";
import { createOnce } from "../../db/create-once";
import type { Db } from "../../db/database";
import type { CriticalLineRow } from "../../db/schema/critical-lines";
import { errors } from "../../errors";
import { staleVersion } from "../../http/versioning";
import { actorOf, type DomainEvent, emitEvents } from "../webhooks/emit";
import { recordHistory } from "./history";
import { presentCriticalLine } from "./presenter";
import {
  type CriticalLineChanges,
  deleteCriticalLine,
  findCriticalLine,
  findCriticalLineByUid,
  insertCriticalLine,
  lastWriter,
  updateCriticalLine,
} from "./repository";

/** The 412 of a stale If-Match: the line as it is now and who wrote it (the sync issue names them). */
async function stale(db: Db, current: CriticalLineRow) {
  return staleVersion(presentCriticalLine(current), current.version, {
    changed_by: await lastWriter(db, current),
  });
}

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

/** The line's webhook event, emitted in the write's transaction. */
function lineEvent(
  auth: AuthContext,
  type: "critical_line.created" | "critical_line.updated" | "critical_line.deleted",
  row: CriticalLineRow,
): DomainEvent {
  return {
    type,
    companyId: auth.company.id,
    entityKey: `critical_line:${row.id}`,
    actor: actorOf(auth),
    data: presentCriticalLine(row),
  };
}

export async function createCriticalLine(
  db: Db,
  auth: AuthContext,
  values: CriticalLineValues,
  uid?: string,
): Promise<CriticalLineRow> {
  return db.transaction(async (tx) => {
    const row = await insertCriticalLine(tx, {
      ...changesOf(values),
      companyId: auth.company.id,
      userId: auth.user.id,
      ...(uid === undefined ? {} : { uid }),
    });
    await recordHistory(tx, auth.user.id, null, row);
    await emitEvents(tx, [lineEvent(auth, "critical_line.created", row)]);
    return row;
  });
}

/** Creation under a client-chosen id (a device's offline creation), once (db/create-once.ts). */
export async function createCriticalLineOnce(
  db: Db,
  auth: AuthContext,
  uid: string,
  values: CriticalLineValues,
): Promise<{ row: CriticalLineRow; created: boolean }> {
  const { value, created } = await createOnce({
    find: () => findCriticalLineByUid(db, auth.company.id, uid),
    create: () => createCriticalLine(db, auth, values, uid),
  });
  return { row: value, created };
}

/** After a conditional write matched nothing: 404 when the line is gone, else 412. */
async function missOrStale(db: Db, companyId: number, id: number): Promise<never> {
  const current = await findCriticalLine(db, companyId, id);
  if (!current) throw errors.notFound();
  throw await stale(db, current);
}

/**
 * PUT: every field replaced, on the version read first (If-Match, when sent, must name it),
 * so the history entry records exactly what this write changed.
 */
export async function replaceCriticalLine(
  db: Db,
  auth: AuthContext,
  id: number,
  values: CriticalLineValues,
  versions: number[] | undefined,
): Promise<CriticalLineRow> {
  const companyId = auth.company.id;
  const current = await findCriticalLine(db, companyId, id);
  if (!current) throw errors.notFound();
  if (versions && !versions.includes(current.version)) {
    throw await stale(db, current);
  }
  const row = await db.transaction(async (tx) => {
    const updated = await updateCriticalLine(tx, companyId, id, changesOf(values), [
      current.version,
    ]);
    if (!updated) return undefined;
    await recordHistory(tx, auth.user.id, current, updated);
    await emitEvents(tx, [lineEvent(auth, "critical_line.updated", updated)]);
    return updated;
  });
  if (!row) return missOrStale(db, companyId, id);
  return row;
}

export async function removeCriticalLine(
  db: Db,
  auth: AuthContext,
  id: number,
  versions: number[] | undefined,
): Promise<void> {
  const companyId = auth.company.id;
  const removed = await db.transaction(async (tx) => {
    const current = await findCriticalLine(tx, companyId, id);
    if (!current || !(await deleteCriticalLine(tx, companyId, id, versions))) return false;
    await emitEvents(tx, [lineEvent(auth, "critical_line.deleted", current)]);
    return true;
  });
  if (!removed) await missOrStale(db, companyId, id);
}
