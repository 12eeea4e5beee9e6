import { createHash } from "node:crypto";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import type { NotCreated } from "../../../../shared/contract/scheduling";
import type { ShipmentWriteValues } from "../../../../shared/contract/shipment-write";
import { writeInstant } from "../../../../shared/contract/shipment-write";
import type { ShipmentType } from "../../../../shared/contract/status";
import { expandOccurrences } from "../../../../shared/recurrence";
import type { AuthContext } from "../../../auth/context";
import type { Db } from "../../../db/database";
import { ApiError, errors } from "../../../errors";
import { findShipment, type ShipmentView } from "../shipment/repository";
import { allowed, scopeOf } from "../shipment/service";
import { insertPrepared, prepareCreate, repeatOf } from "../shipment/write-service";
import type { BookingProblem } from "./booking";
import { findSchedule } from "./repository";

/**
 * A repeated line (issue 12): the rule expanded from the booked date on the yard's clock, each
 * occurrence created like a single create in its own transaction (so one full hour does not
 * undo the others), under a uid derived from the series' uid and the occurrence's place, so a
 * retried request creates nothing twice.
 */

/** Repeating needs the repeats right and the company's flag for the type. */
export function requireMayRepeat(auth: AuthContext, type: ShipmentType): void {
  const flag =
    type === SHIPMENT_TYPE.expedition
      ? auth.company.has_expeditions_rrule
      : auth.company.has_receptions_rrule;
  if (!flag || !allowed(auth, "repeats")) throw errors.forbidden();
}

/** The uid of occurrence `index` of series `uid`: a name-based (version 5 style) UUID. */
export function occurrenceUid(uid: string, index: number): string {
  const bytes = createHash("sha1").update(`${uid.toLowerCase()}#${index}`).digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const BOOKING_CODES = new Set<string>(["slot_full", "restricted_date", "outside_hours"]);

/** The booking code of a refused create, or undefined for any other error. */
function bookingCode(error: unknown): BookingProblem | undefined {
  if (!(error instanceof ApiError) || error.statusCode !== 400) return undefined;
  const code = error.fieldCodes?.booked_date?.[0]?.code;
  return code && BOOKING_CODES.has(code) ? (code as BookingProblem) : undefined;
}

export interface SeriesResult {
  created: ShipmentView[];
  notCreated: NotCreated[];
}

export async function createSeries(
  db: Db,
  auth: AuthContext,
  type: ShipmentType,
  body: ShipmentWriteValues & { rrule_str: string },
  uid: string,
): Promise<SeriesResult> {
  const { rrule_str: rrule, ...values } = body;
  const first = writeInstant(values.booked_date ?? "");
  const { timeZone } = await findSchedule(db, auth.company.id);
  let dates: Date[];
  try {
    dates = expandOccurrences(rrule, first, timeZone);
  } catch (error) {
    const message = error instanceof Error ? error.message : "Not a valid rule";
    throw errors.validation({ rrule_str: [message] }, "The repeat rule is not valid");
  }
  // The body is checked once, before anything is created (403/400 as a single create).
  const prepared = await prepareCreate(db, auth, type, values);
  const actionOffset =
    values.action_date == null
      ? null
      : writeInstant(values.action_date).getTime() - first.getTime();

  const created: ShipmentView[] = [];
  const notCreated: NotCreated[] = [];
  const scope = scopeOf(auth);
  for (const [index, date] of dates.entries()) {
    const occurrence: ShipmentWriteValues = {
      ...values,
      booked_date: date.toISOString(),
      ...(actionOffset === null
        ? {}
        : { action_date: new Date(date.getTime() + actionOffset).toISOString() }),
    };
    const uidOfOccurrence = occurrenceUid(uid, index);
    const existing = await repeatOf(db, auth, type, uidOfOccurrence).catch(() => undefined);
    if (existing) {
      created.push(existing);
      continue;
    }
    try {
      const id = await insertPrepared(db, auth, type, occurrence, prepared, uidOfOccurrence, {
        rruleStr: rrule,
      });
      const view = id === undefined ? undefined : await findShipment(db, scope, id, type);
      if (view) created.push(view);
    } catch (error) {
      const code = bookingCode(error);
      if (!code) throw error;
      notCreated.push({ booked_date: occurrence.booked_date ?? "", code });
    }
  }
  created.sort(
    (a, b) =>
      a.shipment.bookedDate.getTime() - b.shipment.bookedDate.getTime() ||
      a.shipment.id - b.shipment.id,
  );
  return { created, notCreated };
}
