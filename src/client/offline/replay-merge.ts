import { writeValuesOf } from "../../shared/contract/shipments-write";
import { type ConflictField, db, type OutboxRow, type ShipmentRow, type SyncIssueRow } from "./db";
import { mergeFields } from "./field-merge";
import { pendingFor, withChanges } from "./outbox";

/**
 * A shipment edit answered 412 (the line moved on since the edit was made) is merged field by
 * field, not thrown away (issue 11): the edit (its body), the values it was made on (the
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
    entry.entity === "shipment" &&
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

/** Merges a stale shipment edit with the server's row; null when another tab settled it. */
export async function mergeStale(
  entry: OutboxRow,
  current: ShipmentRow,
  changedBy: string | null,
  now: number = Date.now(),
): Promise<MergeResult | null> {
  const theirs = writeValuesOf(current) as Record<string, unknown>;
  const merge = mergeFields(entry.baseValues ?? {}, entry.body ?? {}, theirs);
  const fields = Object.keys(merge.resend);
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
  await db.transaction("rw", db.outbox, db.syncIssues, db.shipments, async () => {
    if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) return;
    if (fields.length > 0) {
      await db.outbox.put({
        ...entry,
        mutationId: crypto.randomUUID(),
        body: merge.resend,
        changes: pick(entry.changes, fields),
        previous: pick(current, fields),
        baseValues: pick(theirs, fields),
        baseVersion: current.version,
        attempts: 0,
      });
    } else {
      await db.outbox.delete(entry.seq);
    }
    const pending = await pendingFor(entry.entity, entry.entityId);
    await db.shipments.put(withChanges(current, pending));
    if (issue) issue.id = await db.syncIssues.add(issue);
    done = true;
  });
  return done ? { issue, resent: fields.length > 0 } : null;
}
