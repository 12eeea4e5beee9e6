import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { NotCreated } from "../../../shared/contract/scheduling";
import type { ShipmentWriteValues } from "../../../shared/contract/shipments-write";
import { writeInstant } from "../../../shared/contract/shipments-write";
import type { ShipmentType } from "../../../shared/contract/status";
import { occurrenceUid } from "../../../shared/occurrence-uid";
import { expandOccurrences } from "../../../shared/recurrence";
import type { AuthContext } from "../../auth/context";
import { allowed } from "../../auth/permissions";
import type { Db } from "../../db/database";
import { errors } from "../../errors";
import { scopeOf } from "../lines/access";
import { findShipmentsById, type ShipmentView } from "../lines/repository";
import { bookingPlan, holdsLockdowns } from "../scheduling/booking";
import { findSchedule } from "../scheduling/repository";
import { findShipmentsByUid } from "./write-repository";
import { insertPreparedIn, prepareCreate } from "./write-service";

/**
 * A repeated line (issue 12): the rule expanded from the booked date on the yard's clock, each
 * occurrence checked like a single create (a full hour or a restricted date leaves that one
 * out, answered with its date; the others are made), all in one transaction, each under a uid
 * derived from the series' uid and the occurrence's place, so a retried request creates
 * nothing twice.
 */

/** Repeating needs the repeats right and the company's flag for the type. */
export function requireMayRepeat(auth: AuthContext, type: ShipmentType): void {
  const flag =
    type === SHIPMENT_TYPE.expedition
      ? auth.company.has_expeditions_rrule
      : auth.company.has_receptions_rrule;
  if (!flag || !allowed(auth, "repeats")) throw errors.forbidden();
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

  const uids = await Promise.all(dates.map((_, index) => occurrenceUid(uid, index)));
  const occurrences = dates.map((date, index) => ({
    uid: uids[index] as string,
    values: {
      ...values,
      booked_date: date.toISOString(),
      ...(actionOffset === null
        ? {}
        : { action_date: new Date(date.getTime() + actionOffset).toISOString() }),
    } satisfies ShipmentWriteValues,
    date,
  }));
  // A retried request: occurrences made before are answered as they are, never made again
  // (one of the other type or deleted since is left alone, as a single create-once would).
  const made = await findShipmentsByUid(
    db,
    auth.company.id,
    occurrences.map((occurrence) => occurrence.uid),
  );
  const ids = [...made.values()]
    .filter((row) => row.type === type && !row.deleted)
    .map((row) => row.id);
  const toMake = occurrences.filter((occurrence) => !made.has(occurrence.uid));
  const notCreated: NotCreated[] = [];
  if (toMake.length > 0) {
    // One transaction for the whole series: the booking lock, the schedule, the restricted
    // days and the booked hours are read once, and each occurrence is counted as it is made.
    const newIds = await db.transaction(async (tx) => {
      const plan = await bookingPlan(
        tx,
        { companyId: auth.company.id, type, lockdowns: holdsLockdowns(auth) },
        toMake[0]?.date ?? first,
        toMake[toMake.length - 1]?.date ?? first,
      );
      const inserted: number[] = [];
      for (const occurrence of toMake) {
        const problem = plan.problem(occurrence.date);
        if (problem) {
          notCreated.push({ booked_date: occurrence.values.booked_date, code: problem });
          continue;
        }
        const id = await insertPreparedIn(
          tx,
          auth,
          type,
          occurrence.values,
          prepared,
          occurrence.uid,
          {
            rruleStr: rrule,
          },
        );
        if (id === undefined) continue;
        plan.book(occurrence.date);
        inserted.push(id);
      }
      return inserted;
    });
    ids.push(...newIds);
  }
  const created = (await findShipmentsById(db, scopeOf(auth), ids)).filter(
    (view) => view.shipment.type === type,
  );
  created.sort(
    (a, b) =>
      a.shipment.bookedDate.getTime() - b.shipment.bookedDate.getTime() ||
      a.shipment.id - b.shipment.id,
  );
  return { created, notCreated };
}
