import { and, asc, count, eq, gte, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { dockSchedules, restrictedDates } from "../../db/schema/scheduling";
import { shipments } from "../../db/schema/shipments";

/** SQL of scheduling: the dock schedule row, lines booked in a span, restricted dates. */

export interface ScheduleRow {
  timeZone: string;
  opensAt: number;
  closesAt: number;
  loadPerHour: number | null;
  unloadPerHour: number | null;
  /** Expeditions respect loadPerHour only when on (a company setting, off by default). */
  limitExpeditions: boolean;
}

/** A company without a row: the yard's clock in UTC, 06:00..21:00, no limit. */
export const DEFAULT_SCHEDULE: ScheduleRow = {
  timeZone: "UTC",
  opensAt: 6,
  closesAt: 21,
  loadPerHour: null,
  unloadPerHour: null,
  limitExpeditions: false,
};

const COLUMNS = {
  timeZone: dockSchedules.timeZone,
  opensAt: dockSchedules.opensAt,
  closesAt: dockSchedules.closesAt,
  loadPerHour: dockSchedules.loadPerHour,
  unloadPerHour: dockSchedules.unloadPerHour,
  limitExpeditions: dockSchedules.limitExpeditions,
};

/** The company's schedule; DEFAULT_SCHEDULE when it has none (or undefined, configuredOnly). */
export async function findSchedule(db: Executor, companyId: number): Promise<ScheduleRow>;
export async function findSchedule(
  db: Executor,
  companyId: number,
  options: { configuredOnly: true },
): Promise<ScheduleRow | undefined>;
export async function findSchedule(
  db: Executor,
  companyId: number,
  options?: { configuredOnly: true },
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select(COLUMNS)
    .from(dockSchedules)
    .where(eq(dockSchedules.companyId, companyId));
  return row ?? (options?.configuredOnly ? undefined : DEFAULT_SCHEDULE);
}

export async function saveSchedule(
  db: Executor,
  companyId: number,
  schedule: ScheduleRow,
): Promise<ScheduleRow> {
  const [row] = await db
    .insert(dockSchedules)
    .values({ companyId, ...schedule })
    .onConflictDoUpdate({
      target: dockSchedules.companyId,
      set: { ...schedule, updatedAt: sql`now()` },
    })
    .returning(COLUMNS);
  return row ?? schedule;
}

/** The advisory lock namespace of dock bookings (any int4 no other lock uses). */
const BOOKING_LOCK = 120_012;

/**
 * Serializes every booking of a company until the transaction ends: what books many hours at
 * once (a repeated line's occurrences, an import) takes the whole company.
 */
export async function lockBookings(tx: Executor, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK}, ${companyId})`);
}

/**
 * Serializes the bookings of one hour of one type (an hour's capacity is per type) until the
 * transaction ends, so bookings of different hours never wait on each other (50 carriers at
 * once). The company lock is held shared meanwhile: a many-hour booking (lockBookings) waits
 * for them and they for it. The hour's key is a 64-bit hash (a collision only serializes two
 * hours). Take it last, once per transaction: two hour locks taken in turn could deadlock.
 */
export async function lockBookingHour(
  tx: Executor,
  companyId: number,
  type: number,
  hourStart: Date,
): Promise<void> {
  const key = `dock:${companyId}:${type}:${hourStart.getTime()}`;
  await tx.execute(
    sql`select pg_advisory_xact_lock_shared(${BOOKING_LOCK}, ${companyId}), pg_advisory_xact_lock(hashtextextended(${key}, ${BOOKING_LOCK}))`,
  );
}

/**
 * Serializes the carrier bookings of one reference of a company (the same planned line)
 * until the transaction ends, so two carriers never both take one line, whatever their hours.
 */
export async function lockBookingReference(
  tx: Executor,
  companyId: number,
  type: number,
  reference: string,
): Promise<void> {
  const key = `reference:${companyId}:${type}:${reference.toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, ${BOOKING_LOCK}))`);
}

/** Lines of the company of `type`, not deleted, booked in [from, until). */
function bookedIn(
  companyId: number,
  type: number,
  from: Date,
  until: Date,
  ...more: (SQL | undefined)[]
) {
  return and(
    eq(shipments.companyId, companyId),
    eq(shipments.type, type),
    isNull(shipments.deletedAt),
    gte(shipments.bookedDate, from),
    lt(shipments.bookedDate, until),
    ...more,
  );
}

/** Lines of `type` (not deleted) booked in [from, until), `except` one line (an edit). */
export async function countBooked(
  db: Executor,
  companyId: number,
  type: number,
  from: Date,
  until: Date,
  except?: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shipments)
    .where(
      bookedIn(
        companyId,
        type,
        from,
        until,
        except === undefined ? undefined : sql`${shipments.id} <> ${except}`,
      ),
    );
  return row?.n ?? 0;
}

/** The booked instants of lines of `type` in [from, until) (to count them per hour slot). */
export async function bookedDates(
  db: Executor,
  companyId: number,
  type: number,
  from: Date,
  until: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ booked: shipments.bookedDate })
    .from(shipments)
    .where(bookedIn(companyId, type, from, until));
  return rows.map((row) => row.booked);
}

export async function isRestricted(db: Executor, companyId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: restrictedDates.id })
    .from(restrictedDates)
    .where(and(eq(restrictedDates.companyId, companyId), eq(restrictedDates.date, day)));
  return row !== undefined;
}

/** The company's restricted days from `fromDay` to `toDay` (YYYY-MM-DD, both included). */
export async function restrictedDaysBetween(
  db: Executor,
  companyId: number,
  fromDay: string,
  toDay: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ date: restrictedDates.date })
    .from(restrictedDates)
    .where(
      and(
        eq(restrictedDates.companyId, companyId),
        gte(restrictedDates.date, fromDay),
        lte(restrictedDates.date, toDay),
      ),
    );
  return new Set(rows.map((row) => row.date));
}

export async function listRestricted(
  db: Executor,
  companyId: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: { id: number; date: string }[] }> {
  const where = eq(restrictedDates.companyId, companyId);
  const [total] = await db.select({ n: count() }).from(restrictedDates).where(where);
  const rows = await db
    .select({ id: restrictedDates.id, date: restrictedDates.date })
    .from(restrictedDates)
    .where(where)
    .orderBy(asc(restrictedDates.date), asc(restrictedDates.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total?.n ?? 0, rows };
}

/** Adds a restricted date; undefined when the company already has it. */
export async function insertRestricted(
  db: Executor,
  companyId: number,
  day: string,
  userId: number,
): Promise<{ id: number; date: string } | undefined> {
  const [row] = await db
    .insert(restrictedDates)
    .values({ companyId, date: day, createdBy: userId })
    .onConflictDoNothing()
    .returning({ id: restrictedDates.id, date: restrictedDates.date });
  return row;
}

/** Deletes one of the company's restricted dates; false when there is none with that id. */
export async function deleteRestricted(
  db: Executor,
  companyId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(restrictedDates)
    .where(and(eq(restrictedDates.companyId, companyId), eq(restrictedDates.id, id)))
    .returning({ id: restrictedDates.id });
  return rows.length > 0;
}
