import { type TaskLine, TaskLineInput } from "../../../shared/contract/task-list";
import { db } from "../../offline/db";
import {
  type Author,
  type Command,
  enqueue,
  joinRefusedCreation,
  localId,
  pendingFor,
} from "../../offline/outbox";
import { writeValuesFor } from "../../offline/replay-merge";

/** What the form showed for the line's choices: the queued line shows the same words. */
export interface LineLabels {
  user: string;
  worksheet: string;
  description: string;
  client: string;
}

type LineFields = Omit<TaskLine, "id" | "uid" | "company" | "version">;

/** A line's fields as the list shows them, from the saved values and the form's words. */
function fieldsOf(values: ReturnType<typeof TaskLineInput.parse>, labels: LineLabels): LineFields {
  return {
    date: values.date,
    // The form shows the user's name; the line shows it the same way (userName of the API).
    user: { id: values.user, username: labels.user, first_name: "", last_name: "" },
    worksheet: { id: values.worksheet, name: labels.worksheet },
    description: { id: values.description, name: labels.description },
    client: { id: values.client, description: labels.client },
    reference: values.reference,
    tag_number: values.tag_number,
    time_hours: values.time_hours,
    reviewed_parts: values.reviewed_parts,
    right_parts: values.right_parts,
    reworked_parts: values.reworked_parts,
    nok_parts: values.nok_parts,
    observations: values.observations,
  };
}

/** How the sync issues name a line: task · description · day. */
function summaryOf(task: string, description: string, day: string, field: string) {
  return { label: `${task} · ${description} · ${day}`, field, from: null, to: null };
}

/** The path of a task line's creation under its client-chosen uid (create once). */
export const taskLineCreationPath = (uid: string) => `api/task-line/uid/${uid}`;

/**
 * A task line booked with no answer from the server (a tablet offline): one outbox entry plus
 * the line shown at once under a local id, in one transaction. The replayer sends it when the
 * network returns as PUT api/task-line/uid/{uid} with the form's uid, so a save that did reach
 * the server, or a replay whose answer was lost, is answered with the same line: never two.
 */
export async function queueTaskLineCreation(
  uid: string,
  input: TaskLineInput,
  labels: LineLabels,
  author: Author,
  /** The Idempotency-Key a direct attempt used (online-first.ts): the replay repeats it. */
  mutationId?: string,
): Promise<number> {
  const values = TaskLineInput.parse(input);
  const id = localId();
  const row: TaskLine = {
    id,
    uid,
    ...fieldsOf(values, labels),
    company: Number(author.company),
    version: 0,
  };
  await enqueue(
    {
      entity: "task_line",
      entityId: uid,
      op: "create",
      method: "PUT",
      path: taskLineCreationPath(uid),
      body: values,
      changes: row,
      summary: summaryOf(labels.worksheet, labels.description, values.date, "create"),
      ...(mutationId ? { mutationId } : {}),
    },
    author,
  );
  return id;
}

/**
 * The list's copy of a server line becomes the device's row the change is laid over, unless
 * the device already holds it with changes waiting (a second change goes on top of those), or
 * holds a newer version: the replayer's answer to this device's own change, come after the
 * list was read. Laid over that answer, the list's older copy put the change on the old version
 * and the server refused it 412 (an edit answered while its line's delete was being made: the
 * delete was refused and the line stayed on the server; sync property run, seed 763409109).
 */
async function holdLine(line: TaskLine): Promise<void> {
  if ((await pendingFor("task_line", line.id)).length > 0) return;
  const held = await db.taskLines.get(line.id);
  if (held && held.version > line.version) return;
  await db.taskLines.put(line);
}

/**
 * The line a change applies to, as the device holds it now. A line booked here whose creation
 * the server answered while the form was open is no longer under its local id: the change goes
 * to the server's line (same uid), or a local row would come back and the change be sent to a
 * path the server never had (found by the sync property runs, issue 24).
 */
async function currentLine(line: TaskLine): Promise<TaskLine> {
  if (line.id > 0 || (await db.taskLines.get(line.id))) return line;
  const answered = await db.taskLines
    .where("company")
    .equals(line.company)
    .filter((each) => each.uid === line.uid && each.id > 0)
    .first();
  return answered ?? line;
}

/** A change of a server line, held on the device and queued in one transaction. */
async function queueLineChange(
  shown: TaskLine,
  commandFor: (
    line: TaskLine,
  ) => Pick<Command, "op" | "method" | "body" | "changes" | "summary"> &
    Pick<Command, "mutationId" | "baseValues" | "fold">,
  author: Author,
): Promise<void> {
  await db.transaction("rw", db.taskLines, db.outbox, db.syncIssues, async () => {
    const line = await currentLine(shown);
    // Booked here and gone: its creation was refused while the form was open.
    if (line.id < 0 && !(await db.taskLines.get(line.id))) {
      await joinRefusedCreation("task_line", line.uid, commandFor(line));
      return;
    }
    await holdLine(line);
    await enqueue(
      {
        entity: "task_line",
        entityId: line.id,
        path: `api/task-line/${line.id}`,
        ...commandFor(line),
      },
      author,
    );
  });
}

/**
 * An edit of a line with no answer: a PUT with If-Match of the version the list showed, the
 * line shown edited. A 412 (someone changed the line meanwhile) is merged field by field as a
 * shipment edit is (replay-merge.ts): fields only this device changed are sent again on the
 * server's values, a field both changed is a conflict the user settles. A line
 * whose creation or edit is still queued and unsent takes the edit into that entry (issue 24,
 * Command.fold); one already sent gets it queued after it (a line booked here: PUT to its
 * server id once the creation is answered).
 */
export async function queueTaskLineEdit(
  line: TaskLine,
  input: TaskLineInput,
  labels: LineLabels,
  author: Author,
  mutationId?: string,
): Promise<void> {
  const values = TaskLineInput.parse(input);
  const summary = summaryOf(labels.worksheet, labels.description, values.date, "edit");
  const changes = fieldsOf(values, labels);
  await queueLineChange(
    line,
    (held) => ({
      op: "update",
      method: "PUT",
      body: values,
      changes,
      summary,
      ...(mutationId ? { mutationId } : {}),
      // The line as the list showed it (a 412 merges field by field against it). A line
      // booked here has no server version yet: its edit folds or follows the creation.
      ...(held.id > 0 ? { baseValues: writeValuesFor("task_line", held) } : {}),
      // A change already sent once under its own key follows the queue, never folds.
      fold: !mutationId,
    }),
    author,
  );
}

/**
 * A delete of a line with no answer: a DELETE with If-Match; the list hides the line. A line
 * booked here whose creation was never sent simply goes, with its queued changes (the server
 * is asked nothing); otherwise the delete follows the line's queued changes.
 */
export async function queueTaskLineDelete(line: TaskLine, author: Author): Promise<void> {
  const summary = summaryOf(line.worksheet.name, line.description.name, line.date, "delete");
  await queueLineChange(
    line,
    () => ({ op: "delete", method: "DELETE", body: null, changes: {}, summary, fold: true }),
    author,
  );
}
