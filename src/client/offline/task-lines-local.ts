import { db, type TaskLineRow } from "./db";
import { idsWithPendingChanges } from "./outbox";

/**
 * The task lines the device holds (issue 17, table `taskLines`, Dexie version 7). The task list
 * itself is read from the API; this table only carries what the outbox needs: a line booked on
 * the device under a negative local id (its creation queued as entity `task_line`), and, once
 * the replayer is answered, the server's line until the list shows it.
 */

/** Which of a company's queued lines a list with these filters shows. */
export interface TaskLineLocalFilters {
  date_after?: string | undefined;
  date_before?: string | undefined;
  user?: number | undefined;
  worksheet?: number | undefined;
  reference?: string | undefined;
}

function matches(row: TaskLineRow, filters: TaskLineLocalFilters): boolean {
  if (filters.date_after && row.date < filters.date_after) return false;
  if (filters.date_before && row.date > filters.date_before) return false;
  if (filters.user && row.user.id !== filters.user) return false;
  if (filters.worksheet && row.worksheet.id !== filters.worksheet) return false;
  if (filters.reference !== undefined && row.reference !== filters.reference) return false;
  return true;
}

/**
 * Lines of `company` booked on this device and not yet on the server (negative id), matching
 * the list's filters, newest booked first.
 */
export async function readQueuedTaskLines(
  company: number,
  filters: TaskLineLocalFilters = {},
): Promise<TaskLineRow[]> {
  const rows = await db.taskLines.where("company").equals(company).toArray();
  return rows.filter((row) => row.id < 0 && matches(row, filters)).sort((a, b) => a.id - b.id);
}

/** What the list shows of the changes waiting on this device. */
export interface WaitingTaskLines {
  /** Lines booked here, not on the server yet (negative ids), newest first. */
  created: TaskLineRow[];
  /** Server lines edited here, as edited (they replace the list's copy). */
  changed: TaskLineRow[];
  /** Server lines deleted here (the list hides them). */
  deleting: number[];
}

/** The company's lines created, edited or deleted on this device and not answered yet. */
export async function readWaitingTaskLines(
  company: number,
  filters: TaskLineLocalFilters = {},
): Promise<WaitingTaskLines> {
  const [created, entries] = await Promise.all([
    readQueuedTaskLines(company, filters),
    db.outbox.where("entityKey").startsWith("task_line:").toArray(),
  ]);
  const mine = entries.filter((entry) => entry.company === String(company));
  const deleting = new Set(
    mine.filter((entry) => entry.op === "delete").map((entry) => Number(entry.entityId)),
  );
  const edited = new Set(
    mine.filter((entry) => entry.op === "update").map((entry) => Number(entry.entityId)),
  );
  const changed = (await db.taskLines.bulkGet([...edited].filter((id) => !deleting.has(id))))
    .filter((row): row is TaskLineRow => row !== undefined)
    .sort((a, b) => a.id - b.id);
  return { created, changed, deleting: [...deleting].sort((a, b) => a - b) };
}

/**
 * After a list answer: the server's lines the replayer left here are on the server for good,
 * so the table lets them go (rows with a queued change stay for the replayer).
 */
export async function forgetAnsweredTaskLines(company: number): Promise<void> {
  await db.transaction("rw", db.taskLines, db.outbox, db.syncIssues, async () => {
    const answered = (await db.taskLines.where("company").equals(company).primaryKeys()).filter(
      (id) => id > 0,
    );
    const pending = await idsWithPendingChanges("task_line", answered);
    // A refused edit or delete keeps its line: re-applying the sync issue needs it.
    const issues = await db.syncIssues.filter((issue) => issue.entity === "task_line").toArray();
    for (const issue of issues) pending.add(Number(issue.entityId));
    await db.taskLines.bulkDelete(answered.filter((id) => !pending.has(id)));
  });
}
