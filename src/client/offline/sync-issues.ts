import { useLiveQuery } from "dexie-react-hooks";
import { db, type SyncIssueRow } from "./db";
import { type Author, enqueue, mirrorTable } from "./outbox";

/** The user's refused changes, newest first. */
export function useSyncIssues(userId: number | null): SyncIssueRow[] | undefined {
  return useLiveQuery(
    async () =>
      userId === null
        ? []
        : (await db.syncIssues.where("userId").equals(userId).sortBy("refusedAt")).reverse(),
    [userId],
  );
}

/**
 * Whether a refused change can be made again: a creation always can; a change needs the row it
 * was made on to be still on the device.
 */
export async function canReapply(issue: SyncIssueRow): Promise<boolean> {
  if (issue.op === "create") return true;
  return (await mirrorTable(issue.entity).get(Number(issue.entityId))) !== undefined;
}

/**
 * Makes a refused change again on the row as it is now: a new queued command (new mutation
 * id, the current version as base) replaces the issue, in one transaction. False when the row
 * is gone or the issue was already handled.
 */
export async function reapplyIssue(id: number, author: Author): Promise<boolean> {
  return db.transaction("rw", db.syncIssues, db.outbox, db.shipments, db.trucks, async () => {
    const issue = await db.syncIssues.get(id);
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
      },
      author,
    );
    await db.syncIssues.delete(id);
    return true;
  });
}

export async function dismissIssue(id: number): Promise<void> {
  await db.syncIssues.delete(id);
}

export async function dismissAllIssues(userId: number): Promise<void> {
  await db.syncIssues.where("userId").equals(userId).delete();
}
