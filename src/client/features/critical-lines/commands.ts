import { type CriticalLine, CriticalLineInput } from "../../../shared/contract/critical-lines";
import { type Author, enqueue, localId } from "../../offline/outbox";

/**
 * Critical line saves that wait on the device (offline, or no answer): one outbox entry plus
 * the optimistic row, sent by the replayer when the network returns, exactly once (a creation
 * is a PUT to the form's uid; an edit a PUT with If-Match of the version the form opened).
 */
export async function queueCriticalLineCreation(
  uid: string,
  input: CriticalLineInput,
  author: Author,
  /** The Idempotency-Key a direct attempt used (online-first.ts): the replay repeats it. */
  mutationId?: string,
): Promise<number> {
  const values = CriticalLineInput.parse(input);
  const id = localId();
  const row: CriticalLine = {
    id,
    uid,
    company: Number(author.company),
    ...values,
    user: author.userId,
    version: 0,
  };
  await enqueue(
    {
      entity: "critical_line",
      entityId: uid,
      op: "create",
      method: "PUT",
      path: `api/critical-line/uid/${uid}`,
      body: input as Record<string, unknown>,
      changes: row,
      summary: { label: values.line || values.product, field: "create", from: null, to: null },
      ...(mutationId ? { mutationId } : {}),
    },
    author,
  );
  return id;
}

export async function queueCriticalLineEdit(
  row: CriticalLine,
  input: CriticalLineInput,
  author: Author,
  mutationId?: string,
): Promise<void> {
  const values = CriticalLineInput.parse(input);
  await enqueue(
    {
      entity: "critical_line",
      entityId: row.id,
      op: "update",
      method: "PUT",
      path: `api/critical-line/${row.id}`,
      body: input as Record<string, unknown>,
      changes: values,
      summary: { label: row.line || row.product, field: "edit", from: null, to: null },
      baseVersion: row.version,
      ...(row.id < 0 ? { uid: row.uid } : {}),
      ...(mutationId ? { mutationId } : {}),
      // The line as the form was opened on it: a 412 merges field by field (replay-merge.ts).
      baseValues: Object.fromEntries(
        Object.keys(input).map((key) => [key, (row as Record<string, unknown>)[key] ?? null]),
      ),
    },
    author,
  );
}
