import type { preHandlerAsyncHookHandler } from "fastify";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { ShipmentPatch } from "../../../shared/contract/shipments";
import type { ShipmentType } from "../../../shared/contract/status";
import type { Permission } from "../../../shared/permissions";
import { type AuthContext, authOf } from "../../auth/context";
import { requireAllowed } from "../../auth/permissions";
import type { Db, Executor } from "../../db/database";
import { errors } from "../../errors";
import { staleVersion } from "../../http/versioning";
import { SHIPMENT_PERMISSIONS, scopeOf } from "../lines/access";
import { findShipment, type ShipmentScope, type ShipmentView } from "../lines/repository";
import { findReason, findStatus, type ReasonRow, type StatusRow } from "../status/repository";
import { findShipper } from "../trucks/repository";
import { actorOf } from "../webhooks/emit";
import { lineEventType, recordLineChanges } from "./line-events";
import { presentShipment } from "./presenter";
import { lastWriter, type ShipmentChanges, updateShipment, writeLineAlone } from "./repository";

export const TYPE_NAMES: Record<ShipmentType, string> = {
  [SHIPMENT_TYPE.expedition]: "expedition",
  [SHIPMENT_TYPE.reception]: "reception",
};

/** The permission a PATCH body needs: editStatus, editReasons, or editing the line's type. */
export function patchPermission(type: ShipmentType, patch: ShipmentPatch): Permission {
  if (patch.status !== undefined) return "editStatus";
  if (patch.reason !== undefined) return "editReasons";
  return SHIPMENT_PERMISSIONS[type].edit;
}

/** Route guard: seeing the type, plus what the body asks for (PATCH) or deleting (DELETE). */
export function guard(type: ShipmentType, operation: "read" | "patch" | "delete") {
  const handler: preHandlerAsyncHookHandler = async (request) => {
    const auth = authOf(request);
    requireAllowed(auth, SHIPMENT_PERMISSIONS[type].see);
    if (operation === "patch") {
      requireAllowed(auth, patchPermission(type, request.body as ShipmentPatch));
    }
    if (operation === "delete") requireAllowed(auth, SHIPMENT_PERMISSIONS[type].remove);
  };
  return handler;
}

/** The 412 of a stale If-Match: the current line and who wrote it (the sync issue names them). */
export async function stale(db: Executor, view: ShipmentView) {
  return staleVersion(presentShipment(view, new Date()), view.shipment.version, {
    changed_by: await lastWriter(db, view.shipment.id),
  });
}

type FieldChanges = Record<string, { old: unknown; new: unknown }>;

export interface Change {
  changes: ShipmentChanges;
  modified: FieldChanges;
  /** Checked inside the write's transaction before the update (throws to refuse). */
  check?: (tx: Executor) => Promise<void>;
  /**
   * A status the change sets, to be checked by the write itself (a status of the line's
   * type), when the lookups did not read it.
   */
  status?: number;
}

/** What a change is checked against: the statuses, reasons and trucks it names. */
export interface ChangeLookups {
  /** Absent: the write checks the status in its own statement (Change.status). */
  status?(id: number): Promise<StatusRow | undefined>;
  reason(statusId: number, code: string): Promise<ReasonRow | undefined>;
  truck(id: number): Promise<{ plate: string } | undefined>;
}

/** Lookups that read the database, one query each; the status is checked by the write. */
export function databaseLookups(db: Db, companyId: number): ChangeLookups {
  return {
    reason: (statusId, code) => findReason(db, statusId, code),
    truck: (id) => findShipper(db, companyId, id),
  };
}

/** What the PATCH changes on `current`, checked against the statuses, reasons and trucks. */
export async function changeOf(
  current: ShipmentView,
  patch: ShipmentPatch,
  lookups: ChangeLookups,
): Promise<Change> {
  const line = current.shipment;
  if (patch.status !== undefined) {
    if (patch.status === line.statusId) return { changes: {}, modified: {} };
    if (lookups.status) {
      const status = await lookups.status(patch.status);
      if (!status || status.type !== line.type) throw notAStatus(line.type);
    }
    const modified: FieldChanges = { status: { old: line.statusId, new: patch.status } };
    // A reason belongs to its status: a new status starts without one.
    if (current.reason) modified.reason = { old: current.reason.code, new: null };
    return {
      changes: { statusId: patch.status, reasonId: null },
      modified,
      ...(lookups.status ? {} : { status: patch.status }),
    };
  }
  if (patch.reason !== undefined) {
    if (patch.reason === null) {
      if (!current.reason) return { changes: {}, modified: {} };
      return {
        changes: { reasonId: null },
        modified: { reason: { old: current.reason.code, new: null } },
      };
    }
    const reason = await lookups.reason(line.statusId, patch.reason);
    if (!reason) {
      throw errors.validation({
        reason: [`No reason "${patch.reason}" for the line's status ${line.statusId}`],
      });
    }
    if (reason.id === line.reasonId) return { changes: {}, modified: {} };
    return {
      changes: { reasonId: reason.id },
      modified: { reason: { old: current.reason?.code ?? null, new: reason.code } },
    };
  }
  const shipperId = patch.shipper ?? null;
  if (shipperId === line.shipperId) return { changes: {}, modified: {} };
  const truck = shipperId === null ? null : await lookups.truck(shipperId);
  if (truck === undefined) throw errors.validation({ shipper: ["No such truck in the company"] });
  return {
    changes: { shipperId },
    modified: { shipper: { old: current.shipper?.plate ?? null, new: truck?.plate ?? null } },
  };
}

/** The 400 of a status that is not one of the line's type. */
function notAStatus(type: number) {
  return errors.validation({ status: [`Not a status of ${TYPE_NAMES[type as ShipmentType]}s`] });
}

const WRITE_ATTEMPTS = 3;

/**
 * Writes one change computed from the line as read, conditional on its version, together with
 * the history entry: in one statement when nothing else must happen in its transaction
 * (writeLineAlone), else in a transaction with its check and webhook events. Without If-Match
 * a concurrent change makes it recompute from the new row; with If-Match a stale version is a
 * 412 carrying the current line.
 */
export async function writeChange(
  db: Db,
  auth: AuthContext,
  id: number,
  type: ShipmentType | undefined,
  versions: number[] | undefined,
  compute: (current: ShipmentView) => Promise<Change>,
): Promise<ShipmentView | undefined> {
  const scope = scopeOf(auth);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const current = await findShipment(db, scope, id, type);
    if (!current) throw errors.notFound();
    if (versions && !versions.includes(current.shipment.version)) throw await stale(db, current);
    const change = await compute(current);
    if (Object.keys(change.modified).length === 0) return current;
    // A check (a moved booking) runs in the write's transaction: no single statement then.
    const alone = change.check
      ? undefined
      : await writeLineAlone(db, {
          companyId: scope.companyId,
          id,
          version: current.shipment.version,
          changes: change.changes,
          userId: auth.user.id,
          modified: change.modified,
          event: lineEventType(change.modified, false),
          ...(change.status === undefined
            ? {}
            : { status: { id: change.status, type: current.shipment.type } }),
        });
    if (alone?.kind === "not_a_status") throw notAStatus(current.shipment.type);
    if (alone?.kind === "written") return visibleAfter(scope, alone.view);
    if (!alone || alone.kind === "subscribed") {
      const after = await writeInTransaction(db, auth, current, change);
      if (after) return after.view;
    }
  }
  const current = await findShipment(db, scope, id, type);
  if (!current) throw errors.notFound();
  throw await stale(db, current);
}

/** The line as a change left it, as findShipment would answer it (undefined once deleted). */
function visibleAfter(scope: ShipmentScope, view: ShipmentView): ShipmentView | undefined {
  const line = view.shipment;
  if (line.deletedAt !== null) return undefined;
  if (scope.clientIds.length > 0 && !scope.clientIds.includes(line.clientId ?? -1))
    return undefined;
  return view;
}

/** The change with its check and its webhook events, in one transaction; null: it moved on. */
async function writeInTransaction(
  db: Db,
  auth: AuthContext,
  current: ShipmentView,
  { changes, modified, check, status }: Change,
): Promise<{ view: ShipmentView | undefined } | null> {
  const scope = scopeOf(auth);
  const line = current.shipment;
  return db.transaction(async (tx) => {
    if (status !== undefined) {
      const row = await findStatus(tx, status);
      if (!row || row.type !== line.type) throw notAStatus(line.type);
    }
    await check?.(tx);
    if (!(await updateShipment(tx, scope.companyId, line.id, line.version, changes))) return null;
    await recordLineChanges(tx, actorOf(auth), [
      {
        shipmentId: line.id,
        companyId: scope.companyId,
        userId: auth.user.id,
        statusId: changes.statusId ?? line.statusId,
        reasonId: changes.reasonId === undefined ? line.reasonId : changes.reasonId,
        modifiedFields: modified,
      },
    ]);
    // The line as this change left it (undefined once deleted).
    return { view: await findShipment(tx, scope, line.id) };
  });
}

export async function patchShipment(
  db: Db,
  auth: AuthContext,
  id: number,
  type: ShipmentType,
  patch: ShipmentPatch,
  versions: number[] | undefined,
): Promise<ShipmentView> {
  const lookups = databaseLookups(db, auth.company.id);
  const after = await writeChange(db, auth, id, type, versions, (current) =>
    changeOf(current, patch, lookups),
  );
  if (!after) throw errors.notFound();
  return after;
}

/** Soft delete: the line leaves every list and read (404), its history records the deletion. */
export async function removeShipment(
  db: Db,
  auth: AuthContext,
  id: number,
  type: ShipmentType,
  versions: number[] | undefined,
): Promise<void> {
  const now = new Date();
  await writeChange(db, auth, id, type, versions, async () => ({
    changes: { deletedAt: now },
    modified: { deleted: { old: null, new: now.toISOString() } },
  }));
}
