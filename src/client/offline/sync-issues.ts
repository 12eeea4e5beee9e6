import type { Table } from "dexie";
import { useMirrorQuery } from "../lib/data-hooks/use-mirror-query";
import { fieldLabel } from "../lib/error-messages";
import { db, type SyncIssueRow } from "./db";
import { type Author, enqueue, mirrorTable } from "./outbox";
import { writeValuesFor } from "./replay-merge";

/** Every mirror a re-applied change may write (enqueue's own transaction must fit inside). */
const replayTables = (): Table[] => [
  db.syncIssues,
  db.outbox,
  db.meta,
  db.shipments,
  db.trucks,
  db.criticalLines,
  db.taskLines,
];

/** The user's refused changes, newest first. */
export function useSyncIssues(userId: number | null): SyncIssueRow[] | undefined {
  return useMirrorQuery(
    async () =>
      userId === null
        ? []
        : (await db.syncIssues.where("userId").equals(userId).sortBy("refusedAt")).reverse(),
    [userId],
  );
}

/**
 * Whether a refused change can be made again: a creation always can (an upload never: its file
 * is not kept); a change needs the row it was made on to be still on the device.
 */
export async function canReapply(issue: SyncIssueRow): Promise<boolean> {
  // A refused file's bytes are not kept: the user adds the file again (smaller, another type).
  if (issue.entity === "attachment") return false;
  if (issue.op === "create") return true;
  return (await mirrorTable(issue.entity).get(Number(issue.entityId))) !== undefined;
}

/**
 * Makes a refused change again on the row as it is now: a new queued command (new mutation
 * id, the current version as base) replaces the issue, in one transaction. False when the row
 * is gone or the issue was already handled.
 */
export async function reapplyIssue(id: number, author: Author): Promise<boolean> {
  return db.transaction("rw", replayTables(), async () => {
    const issue = await db.syncIssues.get(id);
    if (issue?.kind === "conflict") return resolveConflict(id, null, "mine", author);
    if (!issue || !(await canReapply(issue))) return false;
    await enqueue(
      {
        entity: issue.entity,
        entityId: issue.op === "create" ? issue.entityId : Number(issue.entityId),
        op: issue.op,
        method: issue.method,
        path: issue.path,
        body: issue.body,
        changes: issue.changes,
        summary: issue.summary,
        ...(await editBase(issue)),
      },
      author,
    );
    await db.syncIssues.delete(id);
    return true;
  });
}

/** An edit made again: its fields' values now are the base a later 412 merges on. */
async function editBase(issue: SyncIssueRow): Promise<{ baseValues?: Record<string, unknown> }> {
  if (issue.entity === "attachment" || issue.method !== "PUT" || issue.op !== "update") return {};
  const row = await mirrorTable(issue.entity).get(Number(issue.entityId));
  if (!row) return {};
  const now = writeValuesFor(issue.entity, row);
  const fields = Object.keys(issue.body ?? {});
  return { baseValues: Object.fromEntries(fields.map((field) => [field, now[field] ?? null])) };
}

export async function dismissIssue(id: number): Promise<void> {
  await db.syncIssues.delete(id);
}

export async function dismissAllIssues(userId: number): Promise<void> {
  await db.syncIssues.where("userId").equals(userId).delete();
}

/** What the user decided for conflicting fields: make this device's value again, or keep theirs. */
export type ConflictChoice = "mine" | "theirs";

/**
 * Settles fields of a conflict issue (all of them with `fields` null). "mine" queues an edit of
 * those fields with this device's values on the line as it is now (its mirrored version as
 * If-Match, its values as the merge's base: a newer change meanwhile is merged again); "theirs"
 * keeps the server's values. The issue keeps the fields not yet settled, and goes with the last.
 * One transaction; false when the issue or its line is gone.
 */
export async function resolveConflict(
  id: number,
  fields: readonly string[] | null,
  choice: ConflictChoice,
  author: Author,
): Promise<boolean> {
  return db.transaction("rw", replayTables(), async () => {
    const issue = await db.syncIssues.get(id);
    if (!issue || issue.kind !== "conflict") return false;
    const conflicts = issue.conflicts ?? [];
    const chosen = conflicts.filter((each) => fields === null || fields.includes(each.field));
    if (chosen.length === 0) return false;
    if (choice === "mine") {
      if (issue.entity === "attachment") return false;
      const row = await mirrorTable(issue.entity).get(Number(issue.entityId));
      if (!row) return false;
      const now = writeValuesFor(issue.entity, row);
      const names = chosen.map((each) => each.field);
      const mine = Object.fromEntries(chosen.map((each) => [each.field, each.mine]));
      // A whole-form edit (task line, critical line, truck) sends the row's values now with the
      // chosen fields laid over; a shipment edit only the chosen fields.
      const body = issue.formFields ? { ...pickValues(now, issue.formFields), ...mine } : mine;
      await enqueue(
        {
          entity: issue.entity,
          entityId: row.id,
          op: "update",
          method: "PUT",
          path: issue.path,
          body,
          changes: Object.fromEntries(chosen.map((each) => [each.field, each.mineShown])),
          summary: {
            label: issue.summary.label,
            field: "edit",
            from: null,
            to: names.map((name) => fieldLabel(name)).join(", "),
          },
          baseValues: pickValues(now, Object.keys(body)),
        },
        author,
      );
    }
    const left = conflicts.filter((each) => !chosen.includes(each));
    if (left.length === 0) await db.syncIssues.delete(id);
    else await db.syncIssues.update(id, { conflicts: left });
    return true;
  });
}

function pickValues(values: Record<string, unknown>, keys: readonly string[]) {
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? null]));
}
