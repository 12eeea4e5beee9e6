import { FIRST_VERSION } from "../../shared/constants";
import { db, type MirroredRow, type OutboxEntity, type OutboxRow, type SyncIssueRow } from "./db";
import { recordSync } from "./list-pages";
import { entityKeyOf, localIdOf, mirrorOf, pendingFor, withChanges } from "./outbox";
import { recordOwnVersion, sweepOwnVersions } from "./own-versions";

/** The last-sync record a replayed change leaves (the top bar's "last sync" counts it). */
export const REPLAY_RESOURCE = "replay";

/** A queued change the server accepted, with the row it answered. */
export interface Accepted {
  entry: OutboxRow;
  answer: MirroredRow | null;
}

/**
 * The server accepted a queued change: in one transaction the entry leaves the outbox, the
 * row's later changes move onto the version the server answered (they were made on top of this
 * one, so they are no conflict), and the mirror takes the answer with those changes laid over.
 */
export function acknowledge(
  entry: OutboxRow,
  answer: MirroredRow | null,
  now: number = Date.now(),
): Promise<void> {
  return acknowledgeAll([{ entry, answer }], now);
}

/**
 * acknowledge() for the accepted changes of one batch (one entity, distinct rows), in one
 * transaction that reads the outbox once for all of them.
 */
export async function acknowledgeAll(
  accepted: readonly Accepted[],
  now: number = Date.now(),
): Promise<void> {
  const [first] = accepted;
  if (!first) return;
  // An upload changes no mirror: only its entry leaves (the gallery then lists it from the
  // server). A batch is of one entity, so the first entry's mirror is every entry's.
  const table = mirrorOf(first.entry.entity);
  await db.transaction(
    "rw",
    table ? [db.outbox, db.meta, table] : [db.outbox, db.meta],
    async () => {
      // Entries another tab already answered are gone from the outbox: nothing to do for them.
      const queued = await db.outbox.bulkGet(accepted.map(({ entry }) => entry.seq ?? -1));
      const live = accepted.filter((_, index) => queued[index] !== undefined);
      if (live.length === 0) return;
      await db.outbox.bulkDelete(live.map(({ entry }) => entry.seq as number));
      await recordSync(Number(first.entry.company), REPLAY_RESOURCE, now);
      if (!table) return;
      const later = await db.outbox
        .where("entityKey")
        .anyOf(live.map(({ entry }) => entry.entityKey))
        .sortBy("seq");
      const rebased: OutboxRow[] = [];
      const rows: MirroredRow[] = [];
      for (const { entry, answer } of live) {
        const rest = later.filter((each) => each.entityKey === entry.entityKey);
        // A creation's temporary row gives way to the server's row (a form open on it follows).
        const local = localIdOf(entry);
        if (local !== null) await table.delete(local);
        if (local !== null && answer) await rememberAnswered(entry.entity, local, answer.id);
        if (answer) {
          // A delete queued later on the version the list showed before this answer goes on
          // the answer's version (outbox.ts `enqueue`, own-versions.ts).
          if (local === null && entry.baseVersion !== null) {
            await recordOwnVersion(entry.entityKey, entry.baseVersion, answer.version, now);
          }
          for (const next of rest) {
            // Changes of a line made while its creation waited move to the line's server id, on
            // the version the creation made: they were made on the values this device created,
            // and the answer may be the row as it is now (a creation by uid answered again),
            // changed by someone else meanwhile; naming that version would write over their
            // change, naming the first makes the server answer 412 and the edit merge.
            if (local !== null) repoint(next, local, answer.id);
            else if (next.baseVersion !== entry.baseVersion) continue;
            next.baseVersion = local !== null ? FIRST_VERSION : answer.version;
            rebased.push(next);
          }
          rows.push(withChanges(answer, rest));
        } else if (entry.op === "delete") {
          await table.delete(Number(entry.entityId));
        }
      }
      await db.outbox.bulkPut(rebased);
      await table.bulkPut(rows);
      await sweepOwnVersions(now);
    },
  );
}

/** Where a row created on the device went: its temporary id's server id (meta). */
const answeredKey = (entity: OutboxEntity, local: number) => `answered:${entity}:${local}`;

/**
 * Records that the creation of the row shown under the temporary id `local` was answered with
 * the server's `id` (call inside a transaction that holds db.meta): a form opened on the
 * temporary id, before or while the answer came, follows the row to its server id
 * (`answeredIdOf`) instead of finding it gone. One small record per creation.
 */
export async function rememberAnswered(
  entity: OutboxEntity,
  local: number,
  id: number,
): Promise<void> {
  await db.meta.put({ key: answeredKey(entity, local), value: id });
}

/** The server id of a row created here under the temporary id `local`, once answered. */
export async function answeredIdOf(entity: OutboxEntity, local: number): Promise<number | null> {
  const row = await db.meta.get(answeredKey(entity, local));
  return typeof row?.value === "number" ? row.value : null;
}

/**
 * The entry about to be sent, as the outbox holds it now, marked as sent (`sentAt`) in the same
 * transaction: a change folded into it before this commits goes with it, none folds into it
 * after. Null when another tab already answered it.
 */
export async function claimForSending(entry: OutboxRow, now: number): Promise<OutboxRow | null> {
  if (entry.seq === undefined) return entry;
  return db.transaction("rw", db.outbox, async () => {
    const fresh = await db.outbox.get(entry.seq as number);
    if (!fresh || fresh.sentAt !== undefined) return fresh ?? null;
    fresh.sentAt = now;
    await db.outbox.put(fresh);
    return fresh;
  });
}

/** A change queued behind its line's creation now names the line the server created. */
function repoint(entry: OutboxRow, local: number, id: number): void {
  entry.entityId = id;
  entry.entityKey = entityKeyOf(entry.entity, id);
  entry.path = entry.path.replace(new RegExp(`/${local}$`), `/${id}`);
}

/** Why the server refused a change, as the sync issues list shows it. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  /** The server's reason per field (a 400's `field_codes`), when it named fields. */
  fieldCodes?: Record<string, string>;
}

/** What the server holds now: its row, "gone" (404), or null when it could not be read. */
export type ServerRow = MirroredRow | "gone" | null;

/** The refused field as the server holds it (undefined for a creation or an unread row). */
function serverValueOf(entry: OutboxRow, current: ServerRow): unknown {
  if (entry.op === "create" || current === null || current === "gone") return undefined;
  return (current as unknown as Record<string, unknown>)[entry.summary.field];
}

/**
 * After a refusal, the row's next queued change of each refused field must not remember the
 * refused value as "what was there before it": should that change be refused too while the
 * server cannot be read, its revert would bring the refused value back. It remembers the value
 * the row returned to instead.
 */
async function rebasePrevious(
  rest: readonly OutboxRow[],
  fields: readonly string[],
  base: Record<string, unknown>,
): Promise<void> {
  const open = new Set(fields);
  for (const later of rest) {
    const touched = [...open].filter((field) => field in later.previous);
    if (touched.length === 0) continue;
    for (const field of touched) open.delete(field);
    const previous = { ...later.previous };
    for (const field of touched) previous[field] = base[field];
    await db.outbox.update(later.seq as number, { previous });
  }
}

/**
 * The server refused a queued change for good: in one transaction the entry leaves the outbox,
 * the row returns to the server's version (or, unread, loses this change's fields) with the
 * row's other queued changes still laid over it, and the change joins the sync issues list.
 */
export async function refuse(
  entry: OutboxRow,
  refusal: Refusal,
  current: ServerRow,
  changedBy: string | null,
  now: number = Date.now(),
): Promise<SyncIssueRow | null> {
  const table = mirrorOf(entry.entity);
  const issue: SyncIssueRow = {
    entity: entry.entity,
    entityId: entry.entityId,
    op: entry.op,
    path: entry.path,
    method: entry.method,
    body: entry.body,
    changes: entry.changes,
    summary: entry.summary,
    userId: entry.userId,
    username: entry.username,
    company: entry.company,
    status: refusal.status,
    code: refusal.code,
    message: refusal.message,
    changedBy,
    madeAt: entry.createdAt,
    refusedAt: now,
  };
  if (refusal.fieldCodes) issue.fieldCodes = refusal.fieldCodes;
  const serverValue = serverValueOf(entry, current);
  if (serverValue !== undefined) issue.serverValue = serverValue;
  if (entry.upload) {
    // A refused file: the issue names it (its bytes go; the user still has the original).
    const { shipment, name, type, size } = entry.upload;
    issue.file = { shipment, name, type, size };
  }
  let stored = false;
  const tables = table ? [db.outbox, db.syncIssues, table] : [db.outbox, db.syncIssues];
  await db.transaction("rw", tables, async () => {
    if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) return;
    await db.outbox.delete(entry.seq);
    if (!table) {
      issue.id = await db.syncIssues.add(issue);
      stored = true;
      return;
    }
    const id = Number(entry.entityId);
    const local = localIdOf(entry);
    // A creation's queue is its own key (a series' is its first occurrence's uid).
    const rest =
      local !== null
        ? await db.outbox.where("entityKey").equals(entry.entityKey).sortBy("seq")
        : await pendingFor(entry.entity, entry.entityId);
    if (local !== null) {
      // A refused creation: its temporary row goes (re-applying it puts it back), and so do
      // the changes made to it meanwhile, folded into the issue so re-applying keeps them.
      await table.delete(local);
      await db.outbox.bulkDelete(rest.map((each) => each.seq as number));
      for (const each of rest) {
        issue.body = { ...issue.body, ...each.body };
        issue.changes = { ...issue.changes, ...each.changes };
      }
    } else if (current === "gone") {
      await table.delete(id);
    } else {
      const mirrored = await table.get(id);
      const base = current ?? (mirrored && { ...mirrored, ...entry.previous });
      if (base) {
        await table.put(withChanges(base as MirroredRow, rest));
        await rebasePrevious(rest, Object.keys(entry.changes), base);
      }
    }
    issue.id = await db.syncIssues.add(issue);
    stored = true;
  });
  return stored ? issue : null;
}
