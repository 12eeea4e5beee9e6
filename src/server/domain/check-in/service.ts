import type { FastifyBaseLogger } from "fastify";
import type { Locale } from "../../../shared/constants";
import type {
  CheckInAnswer,
  CheckOutAnswer,
  ValidateAnswer,
} from "../../../shared/contract/check-in";
import { normalisePhone, yardCountry } from "../../../shared/phone";
import { createOnce } from "../../db/create-once";
import type { Db, Executor } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { CHECK_INS_UID_KEY } from "../../db/schema/check-ins";
import type { ShipmentRow } from "../../db/schema/shipments";
import type { ShipperRow } from "../../db/schema/shippers";
import { ApiError, errors } from "../../errors";
import type { SmsProvider } from "../../services/sms/provider";
import { textsFor } from "../../texts";
import { findShipment } from "../lines/repository";
import { findSchedule } from "../scheduling/repository";
import { today } from "../scheduling/yard-day";
import { recordLineChanges } from "../shipments/line-events";
import { presentShipment } from "../shipments/presenter";
import { insertSms } from "../sms/repository";
import { presentShipper } from "../trucks/presenter";
import { findShipper } from "../trucks/repository";
import { type EventActor, emitEvents } from "../webhooks/emit";
import { presentCheckInLine } from "./presenter";
import {
  assignLine,
  findCheckInEvent,
  insertCheckInEvent,
  insertTruck,
  lastCheckIn,
  linesByReference,
  lockLine,
  lockTruck,
  referenceElsewhere,
  stampTruck,
} from "./repository";

/**
 * The gate (issue 15): who acts (a terminal user, or null for the carrier's own check-in on
 * the public page) and for which company. Lines are never limited by client here: the gate
 * works for the whole yard.
 */
export interface CheckInActor {
  companyId: number;
  userId: number | null;
  /** Who the webhook events name (webhooks/emit.ts actorOf, or the carrier). */
  event: EventActor;
}

export interface CheckInBody {
  line: number;
  type: 1 | 2;
  /** The driver's language, for the SMS (default en). */
  language?: Locale | undefined;
  shipper?: number | undefined;
  truck?:
    | {
        plate: string;
        name: string;
        phone?: string | null | undefined;
        country_code?: string | null | undefined;
      }
    | undefined;
}

export async function validateReference(
  db: Db,
  companyId: number,
  reference: string,
  type: 1 | 2,
): Promise<ValidateAnswer> {
  const span = await today(db, companyId);
  const rows = await linesByReference(db, companyId, reference, type, span);
  if (rows.length > 0) return { results: rows.map(presentCheckInLine), hint: null };
  return { results: [], hint: await referenceElsewhere(db, companyId, reference, type, span) };
}

const refusal = (code: ApiError["code"], message: string) => new ApiError(409, code, message);

/** The truck of a check-in: by id, by plate, or new (with the phone checked for its country). */
async function truckFor(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  companyId: number,
  body: CheckInBody,
  /** Who checks in (updated_by of a truck signed up or given its phone here). */
  writer: number | null,
): Promise<ShipperRow> {
  if (body.shipper !== undefined) {
    const truck = await lockTruck(tx, companyId, { id: body.shipper });
    if (!truck) throw errors.validation({ shipper: ["No such truck in the company"] });
    return truck;
  }
  const given = body.truck;
  if (!given) throw errors.validation({ shipper: ["Send exactly one of shipper or truck"] });
  const country = given.country_code || (await phoneCountry(tx, companyId));
  const phone = given.phone ? normalisePhone(given.phone, country) : null;
  if (given.phone && !phone) {
    throw errors.validation({ phone: ["Not a valid phone number for this country"] }, undefined, {
      phone: [{ code: "invalid_phone" }],
    });
  }
  // Plates are unique per company: the registered truck with this plate is the one.
  const existing = await lockTruck(tx, companyId, { plate: given.plate });
  if (existing) {
    if (phone && !existing.phone) {
      return stampTruck(tx, existing.id, {
        phone: phone.e164,
        countryCode: phone.country,
        updatedBy: writer,
      });
    }
    return existing;
  }
  return insertTruck(tx, {
    companyId,
    plate: given.plate,
    name: given.name,
    phone: phone?.e164 ?? null,
    countryCode: phone?.country ?? given.country_code ?? null,
    updatedBy: writer,
  });
}

/** The country of a phone typed without its code: the yard's (shared/phone.ts yardCountry). */
export async function phoneCountry(db: Executor, companyId: number): Promise<string> {
  return yardCountry(await findSchedule(db, companyId));
}

/** The dock instructions, in the language the driver used (the terminal's, or the phone's). */
export function smsText(
  line: { code: string; warehouse: string; dock: string },
  language: Locale = "en",
): string {
  const words = textsFor(language).checkInSms;
  const place = [
    line.warehouse ? `${words.warehouse} ${line.warehouse}` : "",
    line.dock ? `${words.dock} ${line.dock}` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return words.text(line.code, place || words.office);
}

/** What the check-in takes from the app: the SMS provider, whether SMS is on, the log. */
export interface CheckInDeps {
  sms: SmsProvider;
  smsEnabled: boolean;
  log: FastifyBaseLogger;
}

/** Dock instructions to the driver's phone; a refused send is logged, never fails the check-in. */
async function textDriver(
  db: Executor,
  actor: CheckInActor,
  truck: ShipperRow,
  line: ShipmentRow,
  language: Locale | undefined,
  deps: CheckInDeps,
): Promise<boolean> {
  if (!deps.smsEnabled || !truck.phone) return false;
  try {
    const body = smsText(line, language);
    const result = await deps.sms.send({ to: truck.phone, body });
    await insertSms(db, {
      companyId: actor.companyId,
      shipperId: truck.id,
      shipmentId: line.id,
      toPhone: truck.phone,
      body,
      provider: deps.sms.name,
      userId: actor.userId,
      ...(result.ok
        ? { status: "sent", providerMessageId: result.id ?? null }
        : { status: "failed", error: result.error, gatewayStatus: result.status ?? null }),
    });
    return result.ok;
  } catch (error) {
    deps.log.warn({ err: error }, "check-in SMS failed");
    return false;
  }
}

async function answerOf(
  db: Db,
  companyId: number,
  uid: string,
  lineId: number,
  truck: ShipperRow,
  smsSent: boolean,
): Promise<CheckInAnswer> {
  const view = await findShipment(db, { companyId, clientIds: [] }, lineId);
  if (!view) throw errors.notFound();
  const line = presentShipment(view, new Date());
  return {
    ...line,
    check_in: {
      uid,
      truck: presentShipper(truck),
      warehouse: view.shipment.warehouse,
      dock: view.shipment.dock,
      sms_sent: smsSent,
    },
  } as CheckInAnswer;
}

/** A failed check-in or check-out that may be a racing copy's win: its event took the uid. */
const uidTaken = (error: unknown) => isUniqueViolation(error, CHECK_INS_UID_KEY);

/**
 * Checks a truck in to a line once per `uid` (db/create-once.ts): the truck (by id, by plate or
 * new) is assigned to the line, its arrival stamped on both, one history entry written, in one
 * transaction with the line locked (two gates checking trucks in to one line: the second is
 * refused). A repeat of the uid answers the line as it is now and changes nothing (created:
 * false); so does a racing copy of the same check-in that lost.
 */
export async function checkInOnce(
  db: Db,
  actor: CheckInActor,
  uid: string,
  body: CheckInBody,
  deps: CheckInDeps,
  now = new Date(),
): Promise<{ answer: CheckInAnswer; created: boolean }> {
  const repeat = async () => {
    const event = await findCheckInEvent(db, actor.companyId, uid);
    if (event?.kind !== "in" || event.shipmentId === null || event.shipperId === null) {
      return undefined;
    }
    const truck = await findShipper(db, actor.companyId, event.shipperId);
    if (!truck) return undefined;
    return answerOf(db, actor.companyId, uid, event.shipmentId, truck, false);
  };
  const checkIn = async () => {
    const span = await today(db, actor.companyId, now);
    const done = await db.transaction(async (tx) => {
      const line = await lockLine(tx, actor.companyId, body.line);
      if (!line) throw errors.notFound("No such line");
      if (line.type !== body.type || line.bookedDate < span.from || line.bookedDate >= span.until) {
        throw refusal("line_mismatch", "The line is not one of today's lines of this type");
      }
      const truck = await truckFor(tx, actor.companyId, body, actor.userId);
      if (line.shipperId !== null && line.shipperId !== truck.id) {
        throw refusal("line_taken", "Another truck is already checked in to this line");
      }
      const arrived = await stampTruck(tx, truck.id, {
        registerDate: now,
        expeditionDate: null,
        updatedBy: actor.userId,
      });
      await assignLine(tx, line.id, { shipperId: truck.id, arrivalDate: now });
      const oldTruck = line.shipperId === null ? null : truck.plate;
      await recordLineChanges(tx, actor.event, [
        {
          shipmentId: line.id,
          companyId: actor.companyId,
          userId: actor.userId,
          statusId: line.statusId,
          reasonId: line.reasonId,
          modifiedFields: {
            shipper: { old: oldTruck, new: truck.plate },
            arrival_date: { old: line.arrivalDate?.toISOString() ?? null, new: now.toISOString() },
          },
        },
      ]);
      await emitEvents(tx, [
        {
          type: "truck.checked_in",
          companyId: actor.companyId,
          entityKey: `truck:${truck.id}`,
          actor: actor.event,
          data: { ...presentShipper(arrived), check_in: { uid, line: line.id } },
        },
      ]);
      await insertCheckInEvent(tx, {
        uid,
        companyId: actor.companyId,
        kind: "in",
        shipmentId: line.id,
        shipperId: truck.id,
        userId: actor.userId,
      });
      return { line, truck: arrived };
    });
    const smsSent = await textDriver(db, actor, done.truck, done.line, body.language, deps);
    return answerOf(db, actor.companyId, uid, done.line.id, done.truck, smsSent);
  };
  const { value, created } = await createOnce({ find: repeat, create: checkIn, isRace: uidTaken });
  return { answer: value, created };
}

/**
 * Checks a truck out by plate once per `uid` (db/create-once.ts): stamps its departure, and
 * records it in the history of the line it last checked in to. A truck that never arrived, or
 * already left, is refused. A repeat answers the truck as it is now.
 */
export async function checkOutOnce(
  db: Db,
  actor: CheckInActor,
  uid: string,
  plate: string,
  now = new Date(),
): Promise<{ answer: CheckOutAnswer; created: boolean }> {
  const repeat = async (): Promise<CheckOutAnswer | undefined> => {
    const event = await findCheckInEvent(db, actor.companyId, uid);
    if (event?.kind !== "out" || event.shipperId === null) return undefined;
    const truck = await findShipper(db, actor.companyId, event.shipperId);
    if (!truck) return undefined;
    return { ...presentShipper(truck), check_out: { uid, line: event.shipmentId } };
  };
  const checkOut = async (): Promise<CheckOutAnswer> => {
    const result = await db.transaction(async (tx) => {
      const truck = await lockTruck(tx, actor.companyId, { plate });
      if (!truck) throw errors.notFound("No truck with this plate");
      if (!truck.registerDate) throw refusal("truck_not_arrived", "The truck has not checked in");
      if (truck.expeditionDate && truck.expeditionDate >= truck.registerDate) {
        throw refusal("truck_departed", "The truck has already left");
      }
      const left = await stampTruck(tx, truck.id, {
        expeditionDate: now,
        updatedBy: actor.userId,
      });
      const visit = await lastCheckIn(tx, truck.id);
      const lineId = visit?.shipmentId ?? null;
      if (lineId !== null) {
        const line = await findShipment(tx, { companyId: actor.companyId, clientIds: [] }, lineId);
        if (line) {
          await recordLineChanges(tx, actor.event, [
            {
              shipmentId: lineId,
              companyId: actor.companyId,
              userId: actor.userId,
              statusId: line.shipment.statusId,
              reasonId: line.shipment.reasonId,
              modifiedFields: { departure_date: { old: null, new: now.toISOString() } },
            },
          ]);
        }
      }
      await insertCheckInEvent(tx, {
        uid,
        companyId: actor.companyId,
        kind: "out",
        shipmentId: lineId,
        shipperId: truck.id,
        userId: actor.userId,
      });
      await emitEvents(tx, [
        {
          type: "truck.checked_out",
          companyId: actor.companyId,
          entityKey: `truck:${truck.id}`,
          actor: actor.event,
          data: { ...presentShipper(left), check_out: { uid, line: lineId } },
        },
      ]);
      return { truck: left, lineId };
    });
    return { ...presentShipper(result.truck), check_out: { uid, line: result.lineId } };
  };
  const { value, created } = await createOnce({ find: repeat, create: checkOut, isRace: uidTaken });
  return { answer: value, created };
}
