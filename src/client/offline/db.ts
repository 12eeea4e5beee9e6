import Dexie, { type EntityTable } from "dexie";
import type { CriticalLine } from "../../shared/contract/critical-lines";
import type { Shipment } from "../../shared/contract/shipments";
import type { TaskLine } from "../../shared/contract/task-list";
import type { Shipper } from "../../shared/contract/trucks";

/** Small key-value facts: last sync times, cursors, the device's client id. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** A truck as the API answered it (the mirror stores contract rows unchanged). */
export type TruckRow = Shipper;

/** An expedition or reception line as the API answered it. */
export type ShipmentRow = Shipment;

/** A critical line as the API answered it (issue 14). */
export type CriticalLineRow = CriticalLine;

/**
 * A task line the device holds (issue 17): one booked on this device, under a negative local
 * id until its creation is answered, then the server's answer until the list shows it.
 */
export type TaskLineRow = TaskLine;

/** A row of a mirror table a queued change can touch. */
export type MirroredRow = ShipmentRow | TruckRow | CriticalLineRow | TaskLineRow;

/** Mirrored entities a queued change can touch, by the mirror table that holds them. */
export type MirroredEntity = "shipment" | "shipper" | "critical_line" | "task_line";

/**
 * What a queued write acts on: a mirrored entity, or an attachment upload (issue 24: a file or
 * photo for a line's documents, no mirror row; its bytes wait in the entry's `upload`).
 */
export type OutboxEntity = MirroredEntity | "attachment";

/**
 * The file of a queued upload (entity "attachment"): the bytes as a Blob, kept in IndexedDB
 * until the server acknowledges them, and the multipart fields sent with them.
 */
export interface UploadPart {
  /** The line (a server id: lines still being created offline take no files yet). */
  shipment: number;
  description: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
}

/** A write waiting to reach the server (src/client/offline/outbox.ts). */
export interface OutboxRow {
  /** Device order: the replayer sends by ascending seq. */
  seq?: number;
  /** Idempotency-Key of the request: the same on every retry. */
  mutationId: string;
  entity: OutboxEntity;
  entityId: number | string;
  /** `${entity}:${entityId}`: changes of one row are sent in order (FIFO per entity). */
  entityKey: string;
  op: "create" | "update" | "delete";
  method: "PATCH" | "PUT" | "DELETE" | "POST";
  /** API path relative to the API base, e.g. api/expedition/12. */
  path: string;
  /** Request body (the fields the user changed, as the API takes them). */
  body: Record<string, unknown> | null;
  /** The optimistic change as mirrored-row fields, re-applied over the server's answers. */
  changes: Record<string, unknown>;
  /** The same fields before the change: the revert when the server's row cannot be read. */
  previous: Record<string, unknown>;
  /**
   * Shipment edits (PUT with If-Match): the body's fields as they were on the base version, in
   * write-body form (client and truck by id). A 412 merges the edit against them field by
   * field (field-merge.ts). Not indexed, so no schema version; absent on older entries.
   */
  baseValues?: Record<string, unknown>;
  /** Row version the change was made on (If-Match), null for creates. */
  baseVersion: number | null;
  /** An upload's file (entity "attachment"), sent as multipart with `body`'s fields. */
  upload?: UploadPart;
  /** What the user did, for the sync issues list (e.g. field status, from Loading to Loaded). */
  summary: ChangeSummary;
  /** The user who made the change: it is sent only with that user's session. */
  userId: number;
  username: string;
  /** Company header of the request (the company the user worked in). */
  company: string;
  createdAt: number;
  attempts: number;
  /**
   * When the replayer first sent it (set in a transaction before the request leaves): from then
   * on it may have reached the server, so a later change never folds into it (Command.fold).
   */
  sentAt?: number;
  lastError?: string;
}

export interface ChangeSummary {
  /** Row label the user knows it by (delivery note, code, plate). */
  label: string;
  field: string;
  from: string | null;
  to: string | null;
}

/**
 * One field both this device and someone else changed (a merged edit's conflict): the values
 * in write-body form (base, mine, theirs) and as the line shows them (client and truck objects,
 * status...), to show people and to make mine again.
 */
export interface ConflictField {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  mineShown: unknown;
  theirsShown: unknown;
}

/** A queued change the server refused (final 4xx): reverted on the device, listed for review. */
export interface SyncIssueRow {
  id?: number;
  /**
   * "conflict": an edit merged with a newer server version; the fields in `conflicts` were
   * changed by both (the others were sent). Absent: a refused change.
   */
  kind?: "conflict";
  conflicts?: ConflictField[];
  /**
   * A conflict of a whole-form edit (task line, critical line, truck): every field the form
   * sends, so "keep mine" sends the row's values now with the chosen fields laid over.
   */
  formFields?: string[];
  entity: OutboxEntity;
  entityId: number | string;
  op: OutboxRow["op"];
  path: string;
  method: OutboxRow["method"];
  body: Record<string, unknown> | null;
  changes: Record<string, unknown>;
  summary: ChangeSummary;
  userId: number;
  username: string;
  company: string;
  /**
   * A refused upload's file as it was (name, type, size; not the bytes: the device lets them
   * go with the refusal, the user still has the original).
   */
  file?: { shipment: number; name: string; type: string; size: number };
  /** HTTP status and server error code of the refusal. */
  status: number;
  code: string;
  message: string;
  /**
   * The server's reason per field of a 400 (`field_codes`, e.g. `{ booked_date: "slot_full" }`),
   * shown with the same texts as the form; absent when the answer named no field.
   */
  fieldCodes?: Record<string, string>;
  /** Who changed the row meanwhile, when the server's history tells. */
  changedBy: string | null;
  /**
   * The refused field's value on the server when it refused (the 412's `current`, or the row
   * read back), shown next to the refused change; absent when unknown (a creation, a gone row).
   */
  serverValue?: unknown;
  madeAt: number;
  refusedAt: number;
}

/** One list page as the server last answered it, for one company, resource and filters. */
export interface ListPageRow {
  /** listPageKey(company, resource, filters, page). */
  key: string;
  company: number;
  resource: string;
  /** Row ids in the server's order. */
  ids: number[];
  /** The server's total for those filters. */
  count: number;
  fetchedAt: number;
}

/**
 * A file or photo queued by the upload queue of versions 5 to 7 (issue 13). Since version 8
 * (issue 24) uploads are outbox entries (entity "attachment"); the upgrade to version 8 moves
 * these rows into the outbox and version 9 drops the table.
 */
interface LegacyUploadRow {
  seq?: number;
  /** Idempotency-Key of the upload: the same on every retry. */
  mutationId: string;
  /** The line (a server id: lines still being created offline take no files yet). */
  shipment: number;
  name: string;
  description: string;
  type: string;
  size: number;
  blob: Blob;
  userId: number;
  username: string;
  company: string;
  createdAt: number;
  attempts: number;
  lastError?: string;
}

/**
 * The task list's choices of one company (tasks, work descriptions, clients, people), as the
 * server last listed them: the line form searches them when the API cannot be reached.
 */
export interface TaskLookupRow {
  /** `${company}:${kind}`. */
  key: string;
  options: { id: number; text: string; detail?: string; parent?: number }[];
  fetchedAt: number;
}

export const DB_NAME = "yardline";

/**
 * The one IndexedDB database of the app. Each table indexes only what is queried: trucks by
 * company (local filtering) and [company+register_date] (newest arrivals of a company);
 * shipments by [company+type] (version 2); outbox by row and user, sync issues (version 3).
 * Schema changes add a version; never edit version 1 once released.
 */
export class YardlineDb extends Dexie {
  declare meta: EntityTable<MetaRow, "key">;
  declare trucks: EntityTable<TruckRow, "id">;
  declare shipments: EntityTable<ShipmentRow, "id">;
  declare outbox: EntityTable<OutboxRow, "seq">;
  declare listPages: EntityTable<ListPageRow, "key">;
  declare syncIssues: EntityTable<SyncIssueRow, "id">;
  declare criticalLines: EntityTable<CriticalLineRow, "id">;
  declare taskLines: EntityTable<TaskLineRow, "id">;
  declare taskLookups: EntityTable<TaskLookupRow, "key">;

  constructor(name: string = DB_NAME) {
    // Strict durability: a queued change is on disk before the screen shows it.
    super(name, { chromeTransactionDurability: "strict" });
    this.version(1).stores({
      meta: "key",
      trucks: "id, company, plate, name, register_date, [company+register_date]",
      outbox: "++seq, mutationId, entity, entityId, createdAt",
      listPages: "key, [company+resource], fetchedAt",
    });
    // Version 2 only adds the shipments mirror (by [company+type] for local filtering); every
    // version-1 table, the outbox included, is carried over unchanged (no upgrade function).
    this.version(2).stores({
      shipments: "id, [company+type], booked_date",
    });
    // Version 3 indexes the outbox by row (FIFO per entity) and user, and adds the sync issues.
    // Queued rows are kept: the upgrade only fills the new fields of rows written before it.
    this.version(3)
      .stores({
        outbox: "++seq, mutationId, entityKey, userId",
        syncIssues: "++id, userId, refusedAt",
      })
      .upgrade(async (tx) => {
        await tx
          .table("outbox")
          .toCollection()
          .modify((row: Partial<OutboxRow>) => {
            row.entityKey ??= `${row.entity}:${row.entityId}`;
            row.attempts ??= 0;
          });
      });
    // Version 4 (issue 14) only adds the critical lines mirror, by company (local filtering).
    this.version(4).stores({
      criticalLines: "id, company",
    });
    // Version 5 (issue 13) only adds the queued uploads (blobs), by line and user.
    this.version(5).stores({
      uploads: "++seq, mutationId, shipment, userId",
    });
    // Version 6 is reserved for the gate (unused). Version 7 (issue 17) only adds the task
    // lines booked on the device (by company) and the task list's choices for offline entry.
    this.version(7).stores({
      taskLines: "id, company",
      taskLookups: "key",
    });
    // Version 8 (issue 24): uploads are outbox entries (entity "attachment", queued behind
    // `attachment:<line>:<key>`, so a line's waiting files are an entityKey prefix). The files
    // the upload queue still held move into the outbox with their key, author and Blob (in
    // their order, after the changes queued before), so none is lost; version 9 drops the table.
    this.version(8)
      .stores({})
      .upgrade(async (tx) => {
        const uploads = (await tx.table("uploads").toArray()) as LegacyUploadRow[];
        uploads.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
        await tx.table("outbox").bulkAdd(uploads.map(uploadEntryOf));
      });
    this.version(9).stores({ uploads: null });
  }
}

/** The outbox entry of a file the upload queue of versions 5 to 7 held. */
function uploadEntryOf(row: LegacyUploadRow): OutboxRow {
  return {
    mutationId: row.mutationId,
    entity: "attachment",
    entityId: row.mutationId,
    entityKey: uploadKeyOf(row.shipment, row.mutationId),
    op: "create",
    method: "POST",
    path: UPLOAD_PATH,
    body: { shipment: row.shipment, description: row.description },
    changes: {},
    previous: {},
    baseVersion: null,
    upload: {
      shipment: row.shipment,
      description: row.description,
      name: row.name,
      type: row.type,
      size: row.size,
      blob: row.blob,
    },
    summary: { label: row.name, field: "attachment", from: null, to: row.name },
    userId: row.userId,
    username: row.username,
    company: row.company,
    createdAt: row.createdAt,
    attempts: row.attempts,
  };
}

/** Where uploads go (multipart POST, Idempotency-Key). */
export const UPLOAD_PATH = "api/attachment";

/** The queue of one upload: `attachment:<line>:<key>` (a line's waiting files share a prefix). */
export function uploadKeyOf(shipment: number, mutationId: string): string {
  return `attachment:${shipment}:${mutationId}`;
}

export const db = new YardlineDb();

/** Rows per bulkPut, so one large answer does not hold a long transaction step. */
export const BULK_CHUNK = 500;

export function chunks<T>(items: readonly T[], size: number = BULK_CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}
