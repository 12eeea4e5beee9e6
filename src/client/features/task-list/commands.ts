import { type TaskLine, TaskLineInput } from "../../../shared/contract/task-list";
import { type Author, enqueue, localId } from "../../offline/outbox";

/** What the form showed for the line's choices: the queued line shows the same words. */
export interface LineLabels {
  user: string;
  worksheet: string;
  description: string;
  client: string;
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
): Promise<number> {
  const values = TaskLineInput.parse(input);
  const id = localId();
  const row: TaskLine = {
    id,
    uid,
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
      summary: {
        label: `${labels.worksheet} · ${labels.description} · ${values.date}`,
        field: "create",
        from: null,
        to: null,
      },
    },
    author,
  );
  return id;
}
