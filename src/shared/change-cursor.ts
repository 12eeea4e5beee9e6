import type { ShipmentType } from "./contract/status";

/**
 * The change feed's cursor (GET /api/changes). Opaque to the client. A changes run orders
 * changes by (transaction id, entity, id); a full run lists the rows themselves, trucks by id,
 * then critical lines by id, then each type's shipments by booked date and id (the order of
 * the list index, so each page reads only its own lines: issue 30). A key is a position in
 * that order.
 *
 * - `c.<x>`: every change stamped before transaction x has been handed out.
 * - `c.<x>.<entity>.<id>`: in the middle of the changes stamped x.
 * - `f.<s>.shipper.<id>`, `f.<s>.critical_line.<id>`, `f.<s>.shipment.<type>.<booked>.<id>`
 *   (booked: UTC, to the microsecond, `2026-11-28T06:00:00.000000Z`): in the middle of a full
 *   run, which lists what was live as of s.
 */
export const CHANGE_ENTITIES = ["critical_line", "shipment", "shipper"] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

export interface ChangeKey {
  xid: bigint;
  /** "" sorts before every entity: (x, "", 0) is the start of transaction x. */
  entity: ChangeEntity | "";
  id: number;
}

/** A row of a full run, by the run's order (the start is before every row). */
export type FullKey =
  | { entity: "" }
  | { entity: "shipper" | "critical_line"; id: number }
  | { entity: "shipment"; type: ShipmentType; booked: string; id: number };

/** Where a full run stands between two answers: after a row it handed out. */
export type FullPosition = Exclude<FullKey, { entity: "" }>;

export const FULL_RUN_START: FullKey = { entity: "" };

export type Cursor =
  | { kind: "changes"; after: ChangeKey }
  | { kind: "full"; below: bigint; after: FullPosition };

const MAX_XID8 = 18_446_744_073_709_551_615n;
const MAX_ID = 2_147_483_647;
const CHANGES = /^c\.(\d{1,20})(?:\.(critical_line|shipment|shipper)\.(\d{1,10}))?$/;
const FULL = /^f\.(\d{1,20})\.(critical_line|shipper)\.(\d{1,10})$/;
const FULL_SHIPMENT =
  /^f\.(\d{1,20})\.shipment\.([12])\.(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\.(\d{1,10})$/;

/** The booked instant as written in a cursor, when it is a real one (not 2026-02-30). */
function bookedKey(text: string): string | undefined {
  const millis = `${text.slice(0, 23)}Z`;
  const date = new Date(millis);
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis ? text : undefined;
}

function key(xid: string, entity: string | undefined, id: string | undefined): ChangeKey | null {
  const value = BigInt(xid);
  const row = Number(id ?? "0");
  if (value > MAX_XID8 || row > MAX_ID) return null;
  return { xid: value, entity: (entity as ChangeEntity | undefined) ?? "", id: row };
}

/** The cursor, or undefined when the text is not one of ours. */
export function parseCursor(text: string): Cursor | undefined {
  const changes = CHANGES.exec(text);
  if (changes) {
    const after = key(changes[1] ?? "0", changes[2], changes[3]);
    return after ? { kind: "changes", after } : undefined;
  }
  const full = FULL.exec(text);
  if (full) {
    const below = BigInt(full[1] ?? "0");
    const id = Number(full[3] ?? "0");
    if (below > MAX_XID8 || id > MAX_ID) return undefined;
    const entity = full[2] === "shipper" ? "shipper" : "critical_line";
    return { kind: "full", below, after: { entity, id } };
  }
  const shipment = FULL_SHIPMENT.exec(text);
  if (shipment) {
    const below = BigInt(shipment[1] ?? "0");
    const type: ShipmentType = shipment[2] === "1" ? 1 : 2;
    const booked = bookedKey(shipment[3] ?? "");
    const id = Number(shipment[4] ?? "0");
    if (below > MAX_XID8 || id > MAX_ID || booked === undefined) return undefined;
    return { kind: "full", below, after: { entity: "shipment", type, booked, id } };
  }
  return undefined;
}

const keyText = (after: ChangeKey) =>
  after.entity === "" ? `${after.xid}` : `${after.xid}.${after.entity}.${after.id}`;

function fullText(after: FullPosition): string {
  if (after.entity === "shipment") return `shipment.${after.type}.${after.booked}.${after.id}`;
  return `${after.entity}.${after.id}`;
}

export function formatCursor(cursor: Cursor): string {
  if (cursor.kind === "changes") return `c.${keyText(cursor.after)}`;
  return `f.${cursor.below}.${fullText(cursor.after)}`;
}
