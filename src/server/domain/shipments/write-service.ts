import { randomUUID } from "node:crypto";
import {
  FORBIDDEN_FIELD_MESSAGE,
  type ShipmentWriteField,
  type ShipmentWriteValues,
  writeValuesOf,
} from "../../../shared/contract/shipments-write";
import { DEFAULT_STATUS, type ShipmentType } from "../../../shared/contract/status";
import { type FieldAccessInput, forbiddenFields } from "../../../shared/shipment-fields";
import { type ShipmentFieldErrors, shipmentFieldErrors } from "../../../shared/shipment-validation";
import type { AuthContext } from "../../auth/context";
import { createOnce } from "../../db/create-once";
import type { Db, Executor } from "../../db/database";
import { ApiError, errors, type FieldErrors, withCodes } from "../../errors";
import { scopeOf } from "../lines/access";
import { findShipment, type ShipmentView } from "../lines/repository";
import { holdsLockdowns, requireBookable } from "../scheduling/booking";
import { findReason, findStatus } from "../status/repository";
import { findShipper } from "../trucks/repository";
import { actorOf } from "../webhooks/emit";
import { recordLineChanges } from "./line-events";
import { presentShipment } from "./presenter";
import type { ShipmentChanges } from "./repository";
import { type Change, TYPE_NAMES, writeChange } from "./service";
import { findCompanyClient, findShipmentByUid, insertShipment } from "./write-repository";
import { changedFields, historyValue, plainColumns } from "./write-values";

/**
 * Creating and editing lines from the forms (issue 11): field permissions (a forbidden field
 * that would change is a 403 naming it), the spec's save rules (400 with field codes), the
 * client, truck, status and reason checked against the company, one history entry per write.
 */

type FieldChanges = Record<string, { old: unknown; new: unknown }>;

function accessOf(auth: AuthContext, type: ShipmentType): FieldAccessInput {
  return { roles: auth.roles, type, isTrw: auth.company.is_trw };
}

function refuseForbidden(fields: readonly ShipmentWriteField[]): void {
  if (fields.length === 0) return;
  throw withCodes(
    new ApiError(
      403,
      "forbidden",
      `You may not change: ${fields.join(", ")}`,
      Object.fromEntries(fields.map((field) => [field, [FORBIDDEN_FIELD_MESSAGE]])),
    ),
    Object.fromEntries(fields.map((field) => [field, [{ code: "read_only" }]])),
  );
}

const RULE_MESSAGES: Record<string, string> = {
  required: "This field is required",
  too_small: "Must be at least 0",
  not_zero: "The weight cannot be 0",
};

/** The save rules' refusals of `fields` (all when omitted) as a 400. */
function refuseInvalid(found: ShipmentFieldErrors, fields?: readonly string[]): void {
  const entries = Object.entries(found).filter(
    ([field, list]) => list && list.length > 0 && (!fields || fields.includes(field)),
  );
  if (entries.length === 0) return;
  const messages: FieldErrors = Object.fromEntries(
    entries.map(([field, list]) => [
      field,
      (list ?? []).map((e) => RULE_MESSAGES[e.code] ?? e.code),
    ]),
  );
  const codes = Object.fromEntries(entries.map(([field, list]) => [field, list ?? []]));
  throw errors.validation(messages, "Fill the mandatory fields", codes);
}

/** The lookups a write names, as columns, and what the history records for them. */
async function lookupColumns(
  db: Executor,
  auth: AuthContext,
  type: ShipmentType,
  body: ShipmentWriteValues,
  fields: readonly ShipmentWriteField[],
  statusBefore: number | null,
): Promise<{ columns: ShipmentChanges; shown: Record<string, unknown> }> {
  const companyId = auth.company.id;
  const columns: ShipmentChanges = {};
  const shown: Record<string, unknown> = {};
  const bad: FieldErrors = {};
  if (fields.includes("client")) {
    const client =
      body.client == null
        ? null
        : await findCompanyClient(db, companyId, body.client, auth.clientIds);
    if (client === undefined) bad.client = ["No such client in the company"];
    columns.clientId = client?.id ?? null;
    shown.client = client?.description ?? null;
  }
  if (fields.includes("shipper")) {
    const truck = body.shipper == null ? null : await findShipper(db, companyId, body.shipper);
    if (truck === undefined) bad.shipper = ["No such truck in the company"];
    columns.shipperId = truck?.id ?? null;
    shown.shipper = truck?.plate ?? null;
  }
  let statusId = statusBefore ?? DEFAULT_STATUS[type];
  if (fields.includes("status") && body.status !== undefined) {
    const status = await findStatus(db, body.status);
    if (!status || status.type !== type) bad.status = [`Not a status of ${TYPE_NAMES[type]}s`];
    else statusId = status.id;
    columns.statusId = statusId;
    // A reason belongs to its status: a new status starts without one unless the body names it.
    columns.reasonId = null;
  }
  if (fields.includes("reason") && body.reason != null) {
    const reason = await findReason(db, statusId, body.reason);
    if (!reason) bad.reason = [`No reason "${body.reason}" for the status ${statusId}`];
    columns.reasonId = reason?.id ?? null;
  } else if (fields.includes("reason")) {
    columns.reasonId = null;
  }
  if (Object.keys(bad).length > 0) throw errors.validation(bad);
  return { columns, shown };
}

function historyOf(
  fields: readonly ShipmentWriteField[],
  before: ShipmentWriteValues,
  after: ShipmentWriteValues,
  shownBefore: Record<string, unknown>,
  shownAfter: Record<string, unknown>,
): FieldChanges {
  const modified: FieldChanges = {};
  for (const field of fields) {
    const key = field as keyof ShipmentWriteValues;
    modified[field] = {
      old: field in shownBefore ? shownBefore[field] : historyValue(field, before[key]),
      new: field in shownAfter ? shownAfter[field] : historyValue(field, after[key]),
    };
  }
  return modified;
}

/** The fields a write body carries (undefined ones are absent). */
function presentFields(body: ShipmentWriteValues): ShipmentWriteField[] {
  return (Object.keys(body) as ShipmentWriteField[]).filter(
    (field) => body[field as keyof ShipmentWriteValues] !== undefined,
  );
}

/** What a create was checked into: the fields sent, their columns and history texts. */
export interface PreparedCreate {
  fields: ShipmentWriteField[];
  columns: ShipmentChanges;
  shown: Record<string, unknown>;
}

/** A create body's permission, save-rule and lookup checks (403/400 before anything is written). */
export async function prepareCreate(
  db: Executor,
  auth: AuthContext,
  type: ShipmentType,
  body: ShipmentWriteValues,
): Promise<PreparedCreate> {
  const fields = presentFields(body);
  refuseForbidden(forbiddenFields(accessOf(auth, type), fields, true));
  refuseInvalid(
    shipmentFieldErrors(body, { type, isTrw: auth.company.is_trw, userType: auth.user.userType }),
  );
  const { columns, shown } = await lookupColumns(db, auth, type, body, fields, null);
  return { fields, columns, shown };
}

/**
 * Inserts a prepared line in its own transaction, after the dock's booking checks (a full
 * hour, a restricted date: 400 on booked_date). undefined when `uid` is already used.
 */
export async function insertPrepared(
  db: Db,
  auth: AuthContext,
  type: ShipmentType,
  body: ShipmentWriteValues,
  prepared: PreparedCreate,
  uid: string,
): Promise<number | undefined> {
  const bookedDate = plainColumns(body).bookedDate ?? new Date();
  return db.transaction(async (tx) => {
    await requireBookable(tx, {
      companyId: auth.company.id,
      type,
      booked: bookedDate,
      lockdowns: holdsLockdowns(auth),
    });
    return insertPreparedIn(tx, auth, type, body, prepared, uid);
  });
}

/**
 * Inserts a prepared line and its history entry inside the caller's transaction, which has
 * done the booking checks (a single create above; a repeated line's occurrences at once).
 */
export async function insertPreparedIn(
  tx: Executor,
  auth: AuthContext,
  type: ShipmentType,
  body: ShipmentWriteValues,
  prepared: PreparedCreate,
  uid: string,
  extra: { rruleStr?: string } = {},
): Promise<number | undefined> {
  const scope = scopeOf(auth);
  const { fields, columns, shown } = prepared;
  const statusId = columns.statusId ?? DEFAULT_STATUS[type];
  const bookedDate = plainColumns(body).bookedDate ?? new Date();
  const inserted = await insertShipment(tx, {
    ...plainColumns(body),
    ...columns,
    ...extra,
    statusId,
    bookedDate,
    companyId: scope.companyId,
    type,
    uid,
    userId: auth.user.id,
  });
  if (inserted === undefined) return undefined;
  await recordLineChanges(
    tx,
    actorOf(auth),
    [
      {
        shipmentId: inserted,
        companyId: scope.companyId,
        userId: auth.user.id,
        statusId,
        reasonId: columns.reasonId ?? null,
        modifiedFields: historyOf(fields, {}, body, {}, shown),
      },
    ],
    { created: true },
  );
  return inserted;
}

/**
 * Creates a line (uid given: once, db/create-once.ts; a repeat answers the line already made,
 * `created` false). A uid of a line of the other type is a 409; of a deleted line, a 404.
 */
export async function createShipment(
  db: Db,
  auth: AuthContext,
  type: ShipmentType,
  body: ShipmentWriteValues,
  uid?: string,
): Promise<{ view: ShipmentView; created: boolean }> {
  const create = async () => {
    const prepared = await prepareCreate(db, auth, type, body);
    // undefined: the uid was taken between the first look and the insert (nothing inserted).
    const id = await insertPrepared(db, auth, type, body, prepared, uid ?? randomUUID());
    if (id === undefined) return undefined;
    const view = await findShipment(db, scopeOf(auth), id, type);
    if (!view) throw errors.notFound();
    return view;
  };
  if (!uid) {
    const view = await create();
    if (!view) throw errors.notFound();
    return { view, created: true };
  }
  const { value, created } = await createOnce({
    find: () => repeatOf(db, auth, type, uid),
    create,
    // A used uid makes the insert do nothing (undefined); a throw is never a race.
    isRace: () => false,
  });
  return { view: value, created };
}

export async function repeatOf(
  db: Executor,
  auth: AuthContext,
  type: ShipmentType,
  uid: string,
): Promise<ShipmentView | undefined> {
  const existing = await findShipmentByUid(db, auth.company.id, uid);
  if (!existing) return undefined;
  if (existing.type !== type) {
    throw errors.conflict(
      { uid: [`This id names a ${TYPE_NAMES[existing.type as ShipmentType]}`] },
      "This id was used for a line of the other type",
    );
  }
  const view = existing.deleted ? undefined : await findShipment(db, scopeOf(auth), existing.id);
  if (!view) throw errors.notFound();
  return view;
}

/** Edits a line: only the fields of `body` that differ from the line are written. */
export async function editShipment(
  db: Db,
  auth: AuthContext,
  id: number,
  type: ShipmentType,
  body: ShipmentWriteValues,
  versions: number[] | undefined,
): Promise<ShipmentView> {
  const after = await writeChange(db, auth, id, type, versions, (current) =>
    editOf(db, auth, type, current, body),
  );
  if (!after) throw errors.notFound();
  return after;
}

async function editOf(
  db: Db,
  auth: AuthContext,
  type: ShipmentType,
  current: ShipmentView,
  body: ShipmentWriteValues,
): Promise<Change> {
  const before = writeValuesOf(presentShipment(current, new Date()));
  const fields = changedFields(before, body);
  // A new status re-checks the reason sent with it, even when its code is unchanged.
  if (fields.includes("status") && body.reason != null && !fields.includes("reason")) {
    fields.push("reason");
  }
  if (fields.length === 0) return { changes: {}, modified: {} };
  refuseForbidden(forbiddenFields(accessOf(auth, type), fields, false));
  const merged = { ...before, ...body };
  refuseInvalid(
    shipmentFieldErrors(merged, {
      type,
      isTrw: auth.company.is_trw,
      userType: auth.user.userType,
    }),
    fields,
  );
  const { columns, shown } = await lookupColumns(
    db,
    auth,
    type,
    body,
    fields,
    current.shipment.statusId,
  );
  const changed = Object.fromEntries(
    fields.map((field) => [field, body[field as keyof ShipmentWriteValues]]),
  );
  const shownBefore = {
    client: current.client?.description ?? null,
    shipper: current.shipper?.plate ?? null,
  };
  const modified = historyOf(fields, before, merged, shownBefore, shown);
  if (columns.reasonId === null && current.reason && !fields.includes("reason")) {
    modified.reason = { old: current.reason.code, new: null };
  }
  const changes = { ...plainColumns(changed), ...columns };
  const moved = fields.includes("booked_date") ? changes.bookedDate : undefined;
  // A line moved to another hour takes a place there like a new booking.
  const check = moved
    ? (tx: Executor) =>
        requireBookable(tx, {
          companyId: auth.company.id,
          type,
          booked: moved,
          lockdowns: holdsLockdowns(auth),
          except: current.shipment.id,
        })
    : undefined;
  return { changes, modified, ...(check ? { check } : {}) };
}
