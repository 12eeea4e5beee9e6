/**
 * The change feed's cursor (GET /api/changes). Opaque to the client; the server orders changes
 * by (transaction id, entity, id) and a key is a position in that order.
 *
 * - `c.<x>`: every change stamped before transaction x has been handed out.
 * - `c.<x>.<entity>.<id>`: in the middle of the changes stamped x.
 * - `f.<s>.<x>.<entity>.<id>`: in the middle of a full run, which lists what was live as of s.
 */
export const CHANGE_ENTITIES = ["critical_line", "shipment", "shipper"] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

export interface ChangeKey {
  xid: bigint;
  /** "" sorts before every entity: (x, "", 0) is the start of transaction x. */
  entity: ChangeEntity | "";
  id: number;
}

export type Cursor =
  | { kind: "changes"; after: ChangeKey }
  | { kind: "full"; below: bigint; after: ChangeKey };

const MAX_XID8 = 18_446_744_073_709_551_615n;
const MAX_ID = 2_147_483_647;
const CHANGES = /^c\.(\d{1,20})(?:\.(critical_line|shipment|shipper)\.(\d{1,10}))?$/;
const FULL = /^f\.(\d{1,20})\.(\d{1,20})\.(critical_line|shipment|shipper)\.(\d{1,10})$/;

/** A new full run as of the snapshot bound `below`. */
export function fullRun(below: bigint): Cursor {
  return { kind: "full", below, after: { xid: 0n, entity: "", id: 0 } };
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
    const after = key(full[2] ?? "0", full[3], full[4]);
    return after && below <= MAX_XID8 ? { kind: "full", below, after } : undefined;
  }
  return undefined;
}

const keyText = (after: ChangeKey) =>
  after.entity === "" ? `${after.xid}` : `${after.xid}.${after.entity}.${after.id}`;

export function formatCursor(cursor: Cursor): string {
  if (cursor.kind === "changes") return `c.${keyText(cursor.after)}`;
  return `f.${cursor.below}.${keyText(cursor.after)}`;
}
