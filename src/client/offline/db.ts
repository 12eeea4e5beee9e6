import Dexie, { type EntityTable } from "dexie";
import type { Shipment } from "../../shared/contract/shipment";
import type { Shipper } from "../../shared/contract/shipper";

/** Small key-value facts: last sync times, cursors, the device's client id. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** A truck as the API answered it (the mirror stores contract rows unchanged). */
export type TruckRow = Shipper;

/** An expedition or reception line as the API answered it. */
export type ShipmentRow = Shipment;

/** A write waiting to reach the server (used from the shipment issues on). */
export interface OutboxRow {
  seq?: number;
  /** Idempotency-Key of the request: the same on every retry. */
  mutationId: string;
  entity: string;
  entityId: number | string;
  op: "create" | "update" | "delete" | (string & {});
  /** Fields the user changed. */
  changes: Record<string, unknown>;
  /** Row version the change was made on (If-Match), null for creates. */
  baseVersion: number | null;
  createdAt: number;
  attempts?: number;
  lastError?: string;
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

export const DB_NAME = "yardline";

/**
 * The one IndexedDB database of the app. Each table indexes only what is queried: trucks by
 * company (local filtering) and [company+register_date] (newest arrivals of a company);
 * shipments by [company+type] (version 2).
 * Schema changes add a version; never edit version 1 once released.
 */
export class YardlineDb extends Dexie {
  declare meta: EntityTable<MetaRow, "key">;
  declare trucks: EntityTable<TruckRow, "id">;
  declare shipments: EntityTable<ShipmentRow, "id">;
  declare outbox: EntityTable<OutboxRow, "seq">;
  declare listPages: EntityTable<ListPageRow, "key">;

  constructor(name: string = DB_NAME) {
    super(name);
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
  }
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
