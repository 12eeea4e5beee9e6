import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  queueTaskLineCreation,
  queueTaskLineDelete,
  queueTaskLineEdit,
} from "../../src/client/features/task-list/commands";
import { setApiBase } from "../../src/client/lib/http";
import { db, type SyncIssueRow } from "../../src/client/offline/db";
import type { Author } from "../../src/client/offline/outbox";
import { readCurrent, sendEntry, whoChanged } from "../../src/client/offline/replay-transport";
import { Replayer, type ReplaySession } from "../../src/client/offline/replayer";
import { readQueuedTaskLines } from "../../src/client/offline/task-lines-local";
import { clients } from "../../src/server/db/schema/clients";
import { taskLines } from "../../src/server/db/schema/tasks";
import { TaskLine, type TaskLineInput } from "../../src/shared/contract/task-list";
import { type SyncServer, startSyncServer } from "./support/server";

/**
 * Task lines booked on a tablet offline (issue 17) against the real API and the real transport:
 * each reaches the server once however its answers are lost or its request is delivered twice,
 * and one the server refuses (400) is no longer shown and waits as a sync issue.
 */
let server: SyncServer;
let author: Author;
let session: ReplaySession;
let headers: Record<string, string>;
let replayer: Replayer;
let refused: SyncIssueRow[];
let base: Omit<TaskLineInput, "reference">;
const realFetch = globalThis.fetch;
/** Task line creations to answer with a lost answer (after the commit) or to deliver twice. */
let faults: ("lose" | "twice")[] = [];
let delivered: string[] = [];
const labels = { user: "admin", worksheet: "Offline sync", description: "Boxes", client: "C" };

function faultyFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  if (request.method !== "PUT" || !path.startsWith("/api/task-line/uid/"))
    return realFetch(request);
  delivered.push(path);
  const fault = faults.shift();
  if (fault === "lose")
    return realFetch(request).then(() => {
      throw new TypeError("fetch failed: the answer was lost");
    });
  if (fault === "twice") {
    delivered.push(path);
    const copy = request.clone();
    return Promise.all([realFetch(request), realFetch(copy)]).then(([first]) => first);
  }
  return realFetch(request);
}

async function post<T>(url: string, payload: object): Promise<T> {
  const response = await server.test.app.inject({ method: "POST", url, headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

beforeAll(async () => {
  server = await startSyncServer();
  setApiBase(server.base);
  globalThis.fetch = faultyFetch as typeof fetch;
  const jwt = await server.token("admin", new Set());
  session = { userId: server.userIds.admin as number, jwt };
  author = { userId: session.userId, username: "admin", company: String(server.companyId) };
  headers = server.test.headers(jwt, server.companyId);
  const worksheet = await post<{ id: number }>("/api/worksheet", { name: "Offline sync" });
  const description = await post<{ id: number }>("/api/work-description", {
    name: "Boxes",
    worksheet: worksheet.id,
  });
  const [client] = await server.test.app.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.companyId, server.companyId))
    .limit(1);
  base = {
    date: "2032-03-01",
    user: session.userId,
    worksheet: worksheet.id,
    description: description.id,
    client: client?.id ?? 0,
    time_hours: 1.25,
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

beforeEach(async () => {
  await Promise.all([db.taskLines.clear(), db.outbox.clear(), db.syncIssues.clear()]);
  faults = [];
  delivered = [];
  refused = [];
  replayer = new Replayer({
    send: sendEntry,
    readCurrent,
    whoChanged,
    session: () => session,
    withLock: (task) => task(),
    random: () => 0,
    onRefused: (issue) => refused.push(issue),
  });
});

async function settle(): Promise<void> {
  for (let round = 0; round < 6; round++) {
    replayer.networkBack();
    await replayer.idle();
    if ((await db.outbox.count()) === 0) return;
  }
}

async function storedWith(prefix: string) {
  return server.test.app.db
    .select({ uid: taskLines.uid, reference: taskLines.reference })
    .from(taskLines)
    .where(and(eq(taskLines.companyId, server.companyId), like(taskLines.reference, `${prefix}%`)));
}

describe("task lines booked offline, replayed against the real API", () => {
  it("reach the server once each though answers are lost and requests arrive twice", async () => {
    const tag = `SYNC-${Date.now()}`;
    const uids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const [index, uid] of uids.entries()) {
      await queueTaskLineCreation(uid, { ...base, reference: `${tag}-${index}` }, labels, author);
    }
    expect(await readQueuedTaskLines(server.companyId)).toHaveLength(3);
    faults = ["lose", "lose", "twice", "lose", "twice"];
    await settle();

    expect(await db.outbox.count()).toBe(0);
    expect(refused).toEqual([]);
    expect(await readQueuedTaskLines(server.companyId)).toEqual([]);
    const stored = await storedWith(tag);
    expect(stored.map((row) => row.uid).sort()).toEqual([...uids].sort());
    expect(delivered.length).toBeGreaterThan(uids.length);
    // The device holds the server's lines (until a list shows them), never a second copy.
    const held = await db.taskLines.toArray();
    expect(held.map((line) => line.uid).sort()).toEqual([...uids].sort());
    expect(held.every((line) => line.id > 0)).toBe(true);
  });

  it("a line the server refuses leaves the device's list and waits as a sync issue", async () => {
    const tag = `REFUSED-${Date.now()}`;
    const uid = crypto.randomUUID();
    await queueTaskLineCreation(uid, { ...base, client: 999_999, reference: tag }, labels, author);
    faults = ["lose"];
    await settle();
    expect(await db.outbox.count()).toBe(0);
    expect(await readQueuedTaskLines(server.companyId)).toEqual([]);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ entity: "task_line", op: "create", status: 400 });
    expect(await db.syncIssues.count()).toBe(1);
    expect(await storedWith(tag)).toEqual([]);
  });

  it("an edit and a delete made offline apply once; an edit another user overtook on the same field is a conflict", async () => {
    const tag = `EDIT-${Date.now()}`;
    const made = await Promise.all(
      [0, 1, 2].map(async (index) =>
        TaskLine.parse(await post("/api/task-line", { ...base, reference: `${tag}-${index}` })),
      ),
    );
    const [edited, deleted, overtaken] = made as [TaskLine, TaskLine, TaskLine];
    await queueTaskLineEdit(
      edited,
      { ...base, reference: `${tag}-0`, time_hours: 7 },
      labels,
      author,
    );
    await queueTaskLineDelete(deleted, author);
    await queueTaskLineEdit(
      overtaken,
      { ...base, reference: `${tag}-2`, time_hours: 9 },
      labels,
      author,
    );
    // Another user changes the third line meanwhile.
    const other = await server.test.app.inject({
      method: "PUT",
      url: `/api/task-line/${overtaken.id}`,
      headers: { ...headers, "if-match": `"${overtaken.version}"` },
      payload: { ...base, reference: `${tag}-2`, time_hours: 3 },
    });
    expect(other.statusCode, other.body).toBe(200);
    faults = ["lose", "twice", "lose"];
    await settle();

    expect(await db.outbox.count()).toBe(0);
    const rows = await server.test.app.db
      .select({ id: taskLines.id, hours: taskLines.timeHours, version: taskLines.version })
      .from(taskLines)
      .where(like(taskLines.reference, `${tag}%`));
    expect(rows.map((row) => [row.id, Number(row.hours), row.version]).sort()).toEqual(
      [
        [edited.id, 7, edited.version + 1],
        [overtaken.id, 3, overtaken.version + 1],
      ].sort(),
    );
    expect(refused.map((issue) => [issue.entityId, issue.status, issue.kind])).toEqual([
      [overtaken.id, 412, "conflict"],
    ]);
    expect(refused[0]?.conflicts).toEqual([
      expect.objectContaining({ field: "time_hours", base: 1.25, mine: 9, theirs: 3 }),
    ]);
    // The device shows the other user's line, and keeps it for re-applying the issue.
    expect((await db.taskLines.get(overtaken.id))?.time_hours).toBe(3);
  });

  it("an edit folds into the unsent creation; an edit saved after the creation was answered goes to the server's line", async () => {
    const tag = `FOLD-${Date.now()}`;
    const folded = crypto.randomUUID();
    await queueTaskLineCreation(folded, { ...base, reference: `${tag}-0` }, labels, author);
    const [queued] = await readQueuedTaskLines(server.companyId);
    if (!queued) throw new Error("the booked line is not shown");
    await queueTaskLineEdit(queued, { ...base, reference: `${tag}-0-edited` }, labels, author);
    expect(await db.outbox.count()).toBe(1); // folded: one creation with the edit's values

    // The form is opened on a booked line, its creation is answered, then the form saves.
    const answered = crypto.randomUUID();
    await queueTaskLineCreation(answered, { ...base, reference: `${tag}-1` }, labels, author);
    const open = (await readQueuedTaskLines(server.companyId)).find(
      (line) => line.uid === answered,
    );
    if (!open) throw new Error("the booked line is not shown");
    faults = ["twice"];
    await settle();
    await queueTaskLineEdit(open, { ...base, reference: `${tag}-1-edited` }, labels, author);
    await settle();

    expect(refused).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    expect((await storedWith(tag)).map((row) => row.reference).sort()).toEqual([
      `${tag}-0-edited`,
      `${tag}-1-edited`,
    ]);
    // The device shows each line once, under the server's id (no local row come back).
    const held = await db.taskLines.toArray();
    expect(held.map((line) => [line.reference, line.id > 0]).sort()).toEqual([
      [`${tag}-0-edited`, true],
      [`${tag}-1-edited`, true],
    ]);
  });
});
