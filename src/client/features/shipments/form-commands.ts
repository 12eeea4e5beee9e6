import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { Shipment } from "../../../shared/contract/shipments";
import {
  changedValues,
  ExpeditionCreate,
  ExpeditionEdit,
  ReceptionCreate,
  ReceptionEdit,
  type ShipmentWriteValues,
  writeValuesOf,
} from "../../../shared/contract/shipments-write";
import { DEFAULT_STATUS, type ShipmentType } from "../../../shared/contract/status";
import { occurrenceUid } from "../../../shared/occurrence-uid";
import { timingClass } from "../../../shared/shipment-timing";
import { fieldLabel } from "../../lib/error-messages";
import { db } from "../../offline/db";
import { type OnlineFirstResult, submitOnlineFirst } from "../../offline/online-first";
import { type Author, enqueue, entityKeyOf, localId } from "../../offline/outbox";
import { SHIPMENT_PATH } from "../../offline/shipments-api";
import { removeShipment, shipmentLabel } from "../../offline/shipments-mirror";
import { deleteShipment } from "./api";
import { rowValuesOf, type ShipmentPicks } from "./form-commands-values";

/**
 * The expedition and reception forms' saves as local-first commands (issue 11): each is one
 * outbox entry plus the optimistic line in one transaction (offline/outbox.ts), sent by the
 * replayer when the network allows.
 *
 * - Creation: PUT api/{expedition|reception}/uid/{uid} (create once under the client-chosen
 *   uid: a repeat answers the line already made), the line listed meanwhile under a negative
 *   local id.
 * - Edit: PUT api/{type}/{id} with only the changed fields, If-Match of the version the form
 *   was opened on, and the base values of those fields (write-body form) for the field merge a
 *   412 triggers (offline/replay-merge.ts). An edit of a line still being created queues behind
 *   its creation and is pointed at the server's id once the creation is answered.
 */

/**
 * Queues a new expedition or reception; the line shows in the lists at once (status 998/999
 * unless the body sets one). Resolves to the line's temporary (negative) id.
 */
export async function queueShipmentCreation(
  type: ShipmentType,
  uid: string,
  body: ExpeditionCreate | ReceptionCreate,
  picks: ShipmentPicks,
  author: Author,
  now: Date = new Date(),
  /** The Idempotency-Key a direct attempt used (online-first.ts): the replay repeats it. */
  mutationId?: string,
): Promise<number> {
  const line = createdLine(type, uid, body, picks, author, now);
  await enqueue(
    {
      entity: "shipment",
      entityId: uid,
      op: "create",
      method: "PUT",
      path: `${SHIPMENT_PATH[type]}/uid/${uid}`,
      body: body as Record<string, unknown>,
      changes: line,
      summary: creationSummary(line),
      ...(mutationId ? { mutationId } : {}),
    },
    author,
  );
  return line.id;
}

/**
 * Queues a repeated line (issue 24): ONE entry, PUT api/{type}/series/{uid} with the create
 * body and the rule, under the Idempotency-Key the form tried (the server answers a retry from
 * its record, and derives each occurrence's uid from `uid`, so nothing is made twice). While
 * it waits the device shows the first occurrence only (the server decides which dates have
 * room, on the yard's clock), under the uid the server gives that occurrence
 * (shared/occurrence-uid.ts) and in its queue, so an edit of it follows the series and then
 * goes to the line the server made. The answer is settled by offline/series-outcome.ts.
 * Resolves to the shown line's temporary (negative) id.
 */
export async function queueSeriesCreation(
  type: ShipmentType,
  uid: string,
  body: ExpeditionCreate | ReceptionCreate,
  rrule: string,
  picks: ShipmentPicks,
  author: Author,
  now: Date = new Date(),
  mutationId?: string,
): Promise<number> {
  const first = await occurrenceUid(uid, 0);
  const line = { ...createdLine(type, first, body, picks, author, now), rrule_str: rrule };
  await enqueue(
    {
      entity: "shipment",
      entityId: uid,
      entityKey: entityKeyOf("shipment", first),
      op: "create",
      method: "PUT",
      path: `${SHIPMENT_PATH[type]}/series/${uid}`,
      body: { ...body, rrule_str: rrule },
      changes: line,
      summary: creationSummary(line),
      ...(mutationId ? { mutationId } : {}),
    },
    author,
  );
  return line.id;
}

function creationSummary(line: Shipment) {
  return {
    label: shipmentLabel(line.code, line.booked_date),
    field: "create",
    from: null,
    to: line.client?.description ?? null,
  };
}

/** The line a creation shows until the server answers, under a temporary negative id. */
function createdLine(
  type: ShipmentType,
  uid: string,
  body: ExpeditionCreate | ReceptionCreate,
  picks: ShipmentPicks,
  author: Author,
  now: Date,
): Shipment {
  const values = (
    type === SHIPMENT_TYPE.expedition ? ExpeditionCreate.parse(body) : ReceptionCreate.parse(body)
  ) as ShipmentWriteValues & { booked_date: string };
  const id = localId();
  const stamp = now.toISOString();
  const common = {
    id,
    uid,
    company: Number(author.company),
    code: "",
    action_date: null,
    arrival_date: null,
    client: null,
    client_notes: "",
    company_notes: "",
    road: "",
    road_number: "",
    packages: null,
    shipper: null,
    shared_id: "",
    info_shipper: "",
    pallet_notes: "",
    route_plate: "",
    urgent: false,
    reason: null,
    own_truck: false,
    groupage: false,
    warehouse: "",
    dock: "",
    weight: null,
    packing_list: false,
    // Booked here, not by a carrier (a carrier's booking comes from the carrier portal).
    carrier_booking: null,
    rrule_str: null,
    user: author.userId,
    version: 0,
    created: stamp,
    updated: stamp,
  };
  const start = { status: values.status ?? DEFAULT_STATUS[type] };
  const fields = rowValuesOf({ ...start, ...values }, picks, null);
  const line = (
    type === SHIPMENT_TYPE.expedition
      ? { ...common, type, destination: "", ...fields }
      : { ...common, type, origin: "", load_empty: null, load_type: null, ...fields }
  ) as Shipment;
  line.timing = timingClass(line, now);
  return line;
}

/**
 * Queues an edit of `row` (the line as the form was opened on it): only the fields of
 * `changes` that differ from the row are sent. Resolves to the change's id, or null when
 * nothing changed.
 */
export async function queueShipmentEdit(
  row: Shipment,
  changes: ShipmentWriteValues,
  picks: ShipmentPicks,
  author: Author,
  /** The Idempotency-Key a direct attempt used (online-first.ts): the replay repeats it. */
  mutationId?: string,
): Promise<string | null> {
  const base = writeValuesOf(row) as Record<string, unknown>;
  const body = changedValues(base, changes) as Record<string, unknown>;
  const fields = Object.keys(body);
  if (fields.length === 0) return null;
  const parsed = (
    row.type === SHIPMENT_TYPE.expedition ? ExpeditionEdit.parse(body) : ReceptionEdit.parse(body)
  ) as ShipmentWriteValues;
  return enqueue(
    {
      entity: "shipment",
      entityId: row.id,
      op: "update",
      method: "PUT",
      path: `${SHIPMENT_PATH[row.type]}/${row.id}`,
      body,
      changes: rowValuesOf(parsed, picks, row),
      summary: {
        label: shipmentLabel(row.code, row.booked_date),
        field: "edit",
        from: null,
        to: fields.map((field) => fieldLabel(field)).join(", "),
      },
      // Made on the version the form showed: a newer one on the server is merged (412). A
      // line still being created has none: the edit queues behind its creation (outbox.ts).
      ...(row.id < 0 ? { uid: row.uid } : { baseVersion: row.version }),
      baseValues: Object.fromEntries(fields.map((field) => [field, base[field] ?? null])),
      ...(mutationId ? { mutationId } : {}),
    },
    author,
  );
}

/**
 * Queues the delete of `row` (issue 24): DELETE api/{type}/{id} with If-Match of the version
 * the user saw; the line stays in the mirror, hidden from the lists (`deletingShipmentIds`),
 * until the server answers: acknowledged, it goes; refused, it shows again and the sync issues
 * say why. A line created here whose creation was never sent is simply dropped with it; one
 * whose creation was answered while the list still showed its temporary id is deleted on the
 * server under its server id (found by the sync property runs).
 */
export async function queueShipmentDelete(
  row: Shipment,
  author: Author,
  /** The Idempotency-Key a direct attempt used (online-first.ts): the replay repeats it. */
  mutationId?: string,
): Promise<string> {
  return enqueue(
    {
      entity: "shipment",
      entityId: row.id,
      op: "delete",
      method: "DELETE",
      path: `${SHIPMENT_PATH[row.type]}/${row.id}`,
      body: null,
      changes: {},
      summary: {
        label: shipmentLabel(row.code, row.booked_date),
        field: "delete",
        from: null,
        to: null,
      },
      // A line booked here goes by its uid: answered meanwhile, the delete goes to the server's
      // line; refused meanwhile, nothing is sent (outbox.ts `onServerRow`).
      ...(row.id < 0 ? { uid: row.uid } : { baseVersion: row.version }),
      fold: true,
      ...(mutationId ? { mutationId } : {}),
    },
    author,
  );
}

/** Lines whose delete waits in the outbox: the lists hide them until it is answered. */
export async function deletingShipmentIds(): Promise<Set<number>> {
  const entries = await db.outbox.where("entityKey").startsWith("shipment:").toArray();
  return new Set(
    entries.filter((entry) => entry.op === "delete").map((entry) => Number(entry.entityId)),
  );
}

/**
 * Deletes a line online-first (offline/online-first.ts): online, the server's answer decides
 * (a refusal comes back to the screen); offline or without an answer in time the delete is
 * queued under the same Idempotency-Key. A line still being created on this device is queued.
 */
export async function deleteShipmentOnlineFirst(
  row: Shipment,
  author: Author,
  options: { timeoutMs?: number } = {},
): Promise<OnlineFirstResult<void>> {
  const queue = (key: string | undefined) => queueShipmentDelete(row, author, key);
  if (row.id < 0) {
    await queue(undefined);
    return { kind: "queued", reason: "offline" };
  }
  const result = await submitOnlineFirst({
    send: (key, signal) => deleteShipment(row.type, row.id, { key, signal, version: row.version }),
    queue,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (result.kind === "sent") await removeShipment(row.id);
  return result;
}
