import Dexie, { type Table } from "dexie";
import { FIRST_VERSION } from "../../shared/constants";
import { CriticalLine } from "../../shared/contract/critical-lines";
import { Shipment } from "../../shared/contract/shipments";
import { sameWriteValue } from "../../shared/contract/shipments-write";
import { TaskLine } from "../../shared/contract/task-list";
import { Shipper } from "../../shared/contract/trucks";
import {
  type ChangeSummary,
  db,
  type MirroredEntity,
  type MirroredRow,
  type OutboxEntity,
  type OutboxRow,
  type UploadPart,
} from "./db";
import { versionAfterOwnChanges } from "./own-versions";

/** The mirror table holding each entity a queued change can touch. */
export function mirrorTable(entity: MirroredEntity): Table<MirroredRow, number> {
  if (entity === "critical_line") return db.criticalLines as Table<MirroredRow, number>;
  if (entity === "task_line") return db.taskLines as Table<MirroredRow, number>;
  return entity === "shipment"
    ? (db.shipments as Table<MirroredRow, number>)
    : (db.trucks as Table<MirroredRow, number>);
}

/** The mirror a queued write of `entity` changes; null for an upload (no mirrored row). */
export function mirrorOf(entity: OutboxEntity): Table<MirroredRow, number> | null {
  return entity === "attachment" ? null : mirrorTable(entity);
}

/**
 * A server row of `entity`, parsed with the shared contract before it enters the mirror; an
 * upload's answer (the stored attachment) enters no mirror: null.
 */
export function parseRow(entity: OutboxEntity, body: unknown): MirroredRow | null {
  if (entity === "attachment") return null;
  if (entity === "critical_line") return CriticalLine.parse(body);
  if (entity === "task_line") return TaskLine.parse(body);
  return entity === "shipment" ? Shipment.parse(body) : Shipper.parse(body);
}

export function entityKeyOf(entity: OutboxEntity, id: number | string): string {
  return `${entity}:${id}`;
}

/**
 * A user action that must survive offline: what to send, and what it changes on the row.
 * A creation (op "create") is a PUT to a client-chosen id (`entityId`, a UUID), idempotent by
 * construction; its `changes` are the whole row as the device shows it meanwhile, under a
 * temporary negative `id` (localId) until the server's answer replaces it.
 */
export interface Command {
  entity: OutboxEntity;
  entityId: number | string;
  op: OutboxRow["op"];
  method: OutboxRow["method"];
  path: string;
  body: Record<string, unknown> | null;
  /** Mirrored-row fields as they look once the server accepts the change. */
  changes: Record<string, unknown>;
  summary: ChangeSummary;
  /**
   * The version the change was made on (If-Match), when the caller knows it better than the
   * mirror (a form opened on a version the feed has since moved on: the server's 412 then
   * merges the edit). Absent: the mirrored row's version. null: none (a change of a line still
   * being created on the device, rebased onto the creation's answer).
   */
  baseVersion?: number | null;
  /** Shipment edits: the body's fields on that version, in write-body form (the merge's base). */
  baseValues?: Record<string, unknown>;
  /**
   * The row's queue when it is not `entity:entityId`: a change of a line created on the device
   * queues behind its creation (`shipment:<uid>`), so it goes after it; an upload queues under
   * `attachment:<line>:<key>` (db.ts uploadKeyOf).
   */
  entityKey?: string;
  /**
   * The Idempotency-Key, when the change was already sent once without an answer in time
   * (online-first.ts): the replay then repeats that request, so it applies at most once. The
   * entry counts as sent (`sentAt`): a later change follows it, never folds into it.
   */
  mutationId?: string;
  /** An upload's file (entity "attachment": a multipart POST of `body`'s fields and the Blob). */
  upload?: UploadPart;
  /**
   * Fold into the row's queued changes while they have not left the device (issue 24; the task
   * line commands ask for it): an edit becomes part of the row's last queued creation or edit
   * (its body and changes updated in the same transaction, same Idempotency-Key: nothing was
   * sent under it yet), a delete of a line whose creation was never sent removes both without
   * asking the server. Once an entry may have reached the server (`sentAt`), the change
   * follows it in order instead.
   */
  fold?: boolean;
  /**
   * The uid of a row created on the device, for a change made on it under its temporary id:
   * when the creation was answered meanwhile (a form open across the answer) the change goes to
   * the server's row of that uid; when it was refused, nothing is queued and the change joins
   * the creation's sync issue (joinRefusedCreation).
   */
  uid?: string;
}

/** Who is making the change, and in which company (the request's company header). */
export interface Author {
  userId: number;
  username: string;
  company: string;
}

/** The mirrored row a change applies to (none for a creation). */
function rowChangedBy(command: Command): Promise<MirroredRow | undefined> {
  const table = mirrorOf(command.entity);
  if (command.op === "create" || !table) return Promise.resolve(undefined);
  return table.get(Number(command.entityId));
}

/**
 * A change of a row created on the device (negative id, creation still queued) waits in its
 * creation's queue (`entity:<uid>`) and names no version: acknowledging the creation points it
 * at the server's id and version (replay-outcome.ts).
 */
function isOnLocalRow(command: Command): boolean {
  return command.op !== "create" && typeof command.entityId === "number" && command.entityId < 0;
}

function rowQueueOf(command: Command, row: MirroredRow | undefined): string {
  if (command.entityKey) return command.entityKey;
  if (isOnLocalRow(command) && row?.uid) return entityKeyOf(command.entity, row.uid);
  return entityKeyOf(command.entity, command.entityId);
}

/** If-Match of a queued change: none for a creation, else the caller's, else the row's. */
function baseVersionOf(command: Command, row: MirroredRow | undefined): number | null {
  if (command.op === "create" || isOnLocalRow(command)) return null;
  if (command.baseVersion !== undefined) return command.baseVersion;
  return row?.version ?? null;
}

/** Called after every enqueue (the replayer's wake-up); set once by the replayer. */
let onEnqueued: () => void = () => {};

export function setEnqueueListener(listener: () => void): void {
  onEnqueued = listener;
}

/**
 * Queues one command: the outbox entry and the optimistic change of the mirrored row in one
 * transaction, so the change is on disk before the screen shows it and a crash keeps both or
 * neither. The entry's base version is the server version the row's pending changes were made
 * on (the mirrored row keeps the server's version until the server answers).
 */
export async function enqueue(queued: Command, author: Author, now = Date.now()): Promise<string> {
  let command = changedOnly(queued);
  let mutationId: string = command.mutationId ?? crypto.randomUUID();
  const table = mirrorOf(command.entity);
  // A change of a row booked here may find its creation refused: its issue is written then.
  const tables: Table[] = table ? [db.outbox, table] : [db.outbox];
  // A delete made on a version the user saw reads this device's own answered versions.
  const seenVersion = command.op === "delete" && typeof command.baseVersion === "number";
  if (seenVersion) tables.push(db.meta);
  if (command.uid && isOnLocalRow(command)) tables.push(db.syncIssues);
  await db.transaction("rw", tables, async () => {
    let row = await rowChangedBy(command);
    if (!row && table && command.uid && isOnLocalRow(command)) {
      row = await table.filter((each) => each.uid === command.uid).first();
      // Refused meanwhile: the line never existed on the server, so nothing is sent.
      if (!row) return joinRefusedCreation(command.entity, command.uid, command);
      command = onServerRow(command, row);
    }
    if (seenVersion && row && typeof command.baseVersion === "number") {
      // Made on the version the user saw: if only this device's own answered changes moved the
      // row since, it goes on the row's version (not refused for the device's own edit).
      const baseVersion = await versionAfterOwnChanges(
        rowQueueOf(command, row),
        command.baseVersion,
        row.version,
      );
      command = { ...command, baseVersion };
    }
    if (command.fold && table) {
      const folded = await foldIntoQueued(command, author, row, table);
      if (folded !== null) {
        mutationId = folded;
        return;
      }
    }
    await db.outbox.add({
      mutationId,
      entity: command.entity,
      entityId: command.entityId,
      entityKey: rowQueueOf(command, row),
      op: command.op,
      method: command.method,
      path: command.path,
      body: command.body,
      changes: command.changes,
      previous: pick(row, Object.keys(command.changes)),
      baseVersion: baseVersionOf(command, row),
      ...(command.baseValues ? { baseValues: command.baseValues } : {}),
      ...(command.upload ? { upload: command.upload } : {}),
      summary: command.summary,
      userId: author.userId,
      username: author.username,
      company: author.company,
      createdAt: now,
      attempts: 0,
      // Already tried once under this key (online-first.ts): it may have reached the server,
      // so a later change follows it and never folds into it (another body under the same key
      // would be refused 422, or answered with the first body's record).
      ...(command.mutationId ? { sentAt: now } : {}),
    });
    if (!table) return;
    if (command.op === "create") await table.put(command.changes as MirroredRow);
    else if (row) await table.put({ ...row, ...command.changes } as MirroredRow);
  });
  // Inside a caller's transaction (re-applying a sync issue) the entry exists only once that
  // transaction commits: wake the replayer then, not before.
  const outer = Dexie.currentTransaction;
  if (outer) outer.on("complete", () => onEnqueued());
  else onEnqueued();
  return mutationId;
}

/**
 * A form edit (its `baseValues`: the form as it was opened) lays over the row only the fields
 * the user changed. A whole-form body (trucks, critical lines, task lines) holds every field,
 * the others being the form's copy of the row: laid over a newer row (the mirror after a 412
 * merge, or the answer of an earlier change) they would bring back values another user
 * changed since, and a later edit made on that row would send them. Found by the sync property
 * runs (issue 24: a critical line's contact, changed by another user, written over).
 */
function changedOnly(command: Command): Command {
  const { body, baseValues } = command;
  if (command.op !== "update" || !body || !baseValues) return command;
  const unchanged = new Set(
    Object.keys(body).filter((field) =>
      sameWriteValue(field, body[field] ?? null, baseValues[field] ?? null),
    ),
  );
  if (unchanged.size === 0) return command;
  const changes = Object.fromEntries(
    Object.entries(command.changes).filter(([field]) => !unchanged.has(field)),
  );
  return { ...command, changes };
}

/**
 * A change made on a row's temporary id whose creation the server answered meanwhile (the row
 * now under the server's id, `row`): it goes to that row. An edit goes on the version the
 * creation made (FIRST_VERSION): it was made on the values this device showed, and the row may
 * have moved on since (this device's own edits, another user's): the server then answers 412
 * and the edit is merged field by field against those values, keeping both. A delete, which
 * has no merge, goes on the version the device holds now (its own edits included), so it is
 * not refused for changes this device made itself.
 * Found by the sync property runs (issue 24; task lines had the same, features/task-list).
 */
function onServerRow(command: Command, row: MirroredRow): Command {
  const local = Number(command.entityId);
  return {
    ...command,
    entityId: row.id,
    path: command.path.replace(new RegExp(`/${local}$`), `/${row.id}`),
    baseVersion: command.op === "delete" ? row.version : FIRST_VERSION,
  };
}

/**
 * A change of a line booked on this device whose creation the server refused meanwhile (the
 * form stayed open across the refusal): the line never existed on the server, so nothing is
 * queued (a request to its temporary id would only be refused again, and the line would come
 * back on the device). An edit joins the creation's sync issue, as the changes queued behind a
 * refused creation do (replay-outcome.ts `refuse`), so re-applying keeps it; a delete leaves
 * the issue as it is (the refusal stays explained). Call inside a transaction that holds
 * db.syncIssues. Found by the sync property runs (issue 24).
 */
export async function joinRefusedCreation(
  entity: OutboxEntity,
  uid: string,
  change: Pick<Command, "op" | "body" | "changes">,
): Promise<void> {
  if (change.op === "delete") return;
  const issue = await db.syncIssues
    .filter((each) => each.entity === entity && each.op === "create" && each.entityId === uid)
    .first();
  if (issue?.id === undefined) return;
  await db.syncIssues.update(issue.id, {
    body: { ...issue.body, ...change.body },
    changes: { ...issue.changes, ...change.changes },
  });
}

/**
 * Folds `command` into the row's queued changes when none of them may have reached the server
 * yet (see Command.fold); returns the mutation id it became part of, or null when it must be
 * queued after them. Runs inside enqueue's transaction.
 */
async function foldIntoQueued(
  command: Command,
  author: Author,
  row: MirroredRow | undefined,
  table: Table<MirroredRow, number>,
): Promise<string | null> {
  if (command.op === "create") return null;
  const queued = await db.outbox.where("entityKey").equals(rowQueueOf(command, row)).sortBy("seq");
  const first = queued[0];
  const last = queued.at(-1);
  if (!first || !last || last.sentAt !== undefined || last.userId !== author.userId) return null;
  if (command.op === "delete") {
    // A line booked here and never sent: deleting it asks the server nothing.
    if (first.op !== "create" || first.sentAt !== undefined) return null;
    await db.outbox.bulkDelete(queued.map((entry) => entry.seq as number));
    await table.delete(Number(command.entityId));
    return first.mutationId;
  }
  if ((last.op !== "create" && last.op !== "update") || last.method !== command.method) {
    return null;
  }
  const added = Object.keys(command.changes).filter((key) => !(key in last.previous));
  const fresh = { ...(row ?? {}), ...last.changes } as Record<string, unknown>;
  await db.outbox.put({
    ...last,
    body: { ...last.body, ...command.body },
    changes: { ...last.changes, ...command.changes },
    // The revert stays what the row was before the first folded change.
    previous: last.op === "create" ? {} : { ...pick(fresh, added), ...last.previous },
    ...(last.baseValues || command.baseValues
      ? { baseValues: { ...command.baseValues, ...last.baseValues } }
      : {}),
    summary: last.op === "create" ? last.summary : command.summary,
  });
  if (row) await table.put({ ...row, ...command.changes } as MirroredRow);
  return last.mutationId;
}

let lastLocalId = 0;

/**
 * A temporary id for a row created on the device: negative, so no server id collides, and
 * below every one given before in this page, so lists that show the newest creation first
 * (by id) keep two made in the same millisecond in the order they were made.
 */
export function localId(): number {
  const candidate = -(Date.now() * 1000 + Math.floor(Math.random() * 1000));
  lastLocalId = Math.min(candidate, lastLocalId - 1);
  return lastLocalId;
}

/** The temporary id a creation's optimistic row is stored under, or null. */
export function localIdOf(entry: Pick<OutboxRow, "op" | "changes">): number | null {
  const id = entry.changes.id;
  return entry.op === "create" && typeof id === "number" && id < 0 ? id : null;
}

/** Queued changes of one row, in the order they were made. */
export function pendingFor(entity: OutboxEntity, id: number | string): Promise<OutboxRow[]> {
  return db.outbox.where("entityKey").equals(entityKeyOf(entity, id)).sortBy("seq");
}

/**
 * Ids among `ids` with queued changes: a list or feed answer must not overwrite them (the
 * mirrored row shows the user's change until the server answers it).
 */
export async function idsWithPendingChanges(
  entity: OutboxEntity,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const keys = ids.map((id) => entityKeyOf(entity, id));
  const rows = await db.outbox.where("entityKey").anyOf(keys).toArray();
  // A negative id is a row created on the device: its creation is queued (under its uid).
  return new Set([...rows.map((row) => Number(row.entityId)), ...ids.filter((id) => id < 0)]);
}

/** The row as the user sees it: the server's row with every queued change laid over it. */
export function withChanges<Row extends object>(row: Row, pending: readonly OutboxRow[]): Row {
  return Object.assign({}, row, ...pending.map((entry) => entry.changes));
}

/** The ids among `ids` without a queued change (rows a list or the feed may delete). */
export async function idsWithoutPendingChanges(
  entity: OutboxEntity,
  ids: readonly number[],
): Promise<number[]> {
  const pending = await idsWithPendingChanges(entity, ids);
  return ids.filter((id) => !pending.has(id));
}

/** The rows of an answer whose mirrored copies have no queued change (safe to store). */
export async function unlessPending<Row extends { id: number }>(
  entity: OutboxEntity,
  rows: readonly Row[],
): Promise<Row[]> {
  const pending = await idsWithPendingChanges(
    entity,
    rows.map((row) => row.id),
  );
  return rows.filter((row) => !pending.has(row.id));
}

function pick(row: object | undefined, keys: readonly string[]): Record<string, unknown> {
  const source = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, source[key] ?? null]));
}
