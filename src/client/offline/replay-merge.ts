import type { Shipment } from "../../shared/contract/shipments";
import { sameWriteValue, writeValuesOf } from "../../shared/contract/shipments-write";
import type { TaskLine } from "../../shared/contract/task-list";
import {
  type ConflictField,
  db,
  type MirroredRow,
  type OutboxEntity,
  type OutboxRow,
  type SyncIssueRow,
} from "./db";
import { mergeFields } from "./field-merge";
import { mirrorOf, pendingFor, withChanges } from "./outbox";

/**
 * A mirrored row's values in write-body form (what an edit's body holds): a shipment's through
 * its contract (client and truck by id...), a task line's choices by id, and the other forms'
 * (trucks, critical lines), whose bodies name the row's own fields, as they are.
 */
export function writeValuesFor(entity: OutboxEntity, row: MirroredRow): Record<string, unknown> {
  if (entity === "shipment") return writeValuesOf(row as Shipment) as Record<string, unknown>;
  if (entity === "task_line") {
    const line = row as TaskLine;
    return {
      date: line.date,
      user: line.user.id,
      worksheet: line.worksheet.id,
      description: line.description.id,
      client: line.client?.id ?? null,
      reference: line.reference,
      tag_number: line.tag_number,
      time_hours: line.time_hours,
      reviewed_parts: line.reviewed_parts,
      right_parts: line.right_parts,
      reworked_parts: line.reworked_parts,
      nok_parts: line.nok_parts,
      observations: line.observations,
    };
  }
  return row as unknown as Record<string, unknown>;
}

/**
 * Edits whose body is the whole form (task lines, critical lines, trucks): the server takes
 * only whole bodies, so a merged re-send is the server's values with this device's changed
 * fields laid over. A shipment edit sends only the changed fields.
 */
function sendsWholeBody(entity: OutboxEntity): boolean {
  return entity !== "shipment";
}

/**
 * An edit answered 412 (the row moved on since the edit was made) is merged field by field, not
 * thrown away (issue 11 for shipments, issue 24 for every form: task lines, critical lines,
 * trucks): the edit (its body), the values it was made on (the
 * entry's baseValues) and the server's row (the 412's `current`) go through mergeFields.
 *
 * In ONE transaction: fields only this device changed stay queued as the same outbox entry
 * (same seq, so nothing of the row overtakes it) with a NEW Idempotency-Key, If-Match of the
 * server's version and a body of those fields only; fields both changed differently become a
 * sync issue of kind "conflict"; the mirror takes the server's row with the queued changes laid
 * over. With nothing left to send the entry leaves the outbox.
 *
 * Why a new key, and why it is safe: the old key's request was answered (412, stored by the
 * server's idempotency record), so it applied nothing; the re-send is another request (other
 * body, other If-Match), and the same key with another body would be refused (422). The new key
 * is written to the entry before it is sent, so every retry of the re-send carries it and the
 * server answers a repeat from its record: applied at most once. A crash before the transaction
 * commits leaves the old entry, whose retry gets the stored 412 again and merges again. A
 * re-send that meets a newer version still is merged again against the values it was made on.
 */
export function isMergeable(entry: OutboxRow): boolean {
  return (
    entry.entity !== "attachment" &&
    entry.op === "update" &&
    entry.method === "PUT" &&
    entry.body !== null &&
    entry.baseValues !== undefined
  );
}

export interface MergeResult {
  /** The conflicts' sync issue, when some field was changed by both. */
  issue: SyncIssueRow | null;
  /** Fields are queued again (the same entry, now on the server's version). */
  resent: boolean;
}

function pick(source: object, keys: readonly string[]): Record<string, unknown> {
  const values = source as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? null]));
}

/**
 * Merges a stale edit (a shipment's, a task line's, a critical line's, a truck's) with the
 * server's row; null when another tab settled it.
 */
export async function mergeStale(
  entry: OutboxRow,
  current: MirroredRow,
  changedBy: string | null,
  now: number = Date.now(),
): Promise<MergeResult | null> {
  const theirs = writeValuesFor(entry.entity, current);
  const base = entry.baseValues ?? {};
  const whole = sendsWholeBody(entry.entity);
  // A whole-form body holds every field: only those this device changed are its edit.
  const mine = whole
    ? Object.fromEntries(
        Object.entries(entry.body ?? {}).filter(
          ([field, value]) => !sameWriteValue(field, value ?? null, base[field] ?? null),
        ),
      )
    : (entry.body ?? {});
  const merge = mergeFields(base, mine, theirs);
  const fields = Object.keys(merge.resend);
  const body = whole
    ? { ...pick(theirs, Object.keys(entry.body ?? {})), ...merge.resend }
    : merge.resend;
  const shown = current as unknown as Record<string, unknown>;
  const conflicts: ConflictField[] = merge.conflicts.map((conflict) => ({
    ...conflict,
    mineShown: entry.changes[conflict.field] ?? conflict.mine,
    theirsShown: shown[conflict.field] ?? null,
  }));
  const issue: SyncIssueRow | null =
    conflicts.length === 0
      ? null
      : {
          kind: "conflict",
          conflicts,
          ...(whole ? { formFields: Object.keys(entry.body ?? {}) } : {}),
          entity: entry.entity,
          entityId: entry.entityId,
          op: entry.op,
          path: entry.path,
          method: entry.method,
          body: pick(
            entry.body ?? {},
            conflicts.map((conflict) => conflict.field),
          ),
          changes: pick(
            entry.changes,
            conflicts.map((conflict) => conflict.field),
          ),
          summary: entry.summary,
          userId: entry.userId,
          username: entry.username,
          company: entry.company,
          status: 412,
          code: "conflict",
          message: "Changed by someone else meanwhile",
          changedBy,
          madeAt: entry.createdAt,
          refusedAt: now,
        };
  let done = false;
  const table = mirrorOf(entry.entity);
  if (!table) return null;
  await db.transaction("rw", db.outbox, db.syncIssues, table, async () => {
    if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) return;
    if (fields.length > 0) {
      const { sentAt: _sent, ...unsent } = entry;
      await db.outbox.put({
        ...unsent,
        mutationId: crypto.randomUUID(),
        body,
        changes: pick(entry.changes, fields),
        previous: pick(current, fields),
        baseValues: whole ? pick(theirs, Object.keys(body)) : pick(theirs, fields),
        baseVersion: current.version,
        attempts: 0,
      });
    } else {
      await db.outbox.delete(entry.seq);
    }
    const pending = await pendingFor(entry.entity, entry.entityId);
    await table.put(withChanges(current, pending));
    if (issue) issue.id = await db.syncIssues.add(issue);
    done = true;
  });
  return done ? { issue, resent: fields.length > 0 } : null;
}
