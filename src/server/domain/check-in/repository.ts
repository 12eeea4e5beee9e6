import { and, desc, eq, gte, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { plateKeyOf } from "../../../shared/contract/trucks";
import type { Executor } from "../../db/database";
import { type CheckInRow, checkInPages, checkIns } from "../../db/schema/check-ins";
import { clients } from "../../db/schema/clients";
import { companies } from "../../db/schema/companies";
import { type ShipmentRow, shipments } from "../../db/schema/shipments";
import { type NewShipperRow, type ShipperRow, shippers } from "../../db/schema/shippers";

/** SQL of the gate: the day's lines by reference, gate events, trucks by plate. */

export interface DayLine {
  line: ShipmentRow;
  client: { id: number; description: string } | null;
  truck: string | null;
}

const sameCode = (reference: string) => sql`lower(${shipments.code}) = lower(${reference})`;

/** The company's lines (not deleted) of a type (`ofType`) with the reference, booked in the span. */
function linesInSpan(
  companyId: number,
  ofType: SQL,
  reference: string,
  span: { from: Date; until: Date },
) {
  return and(
    eq(shipments.companyId, companyId),
    isNull(shipments.deletedAt),
    ofType,
    sameCode(reference),
    gte(shipments.bookedDate, span.from),
    lt(shipments.bookedDate, span.until),
  );
}

/** Live lines of the company whose delivery note is the reference, booked in [from, until). */
export async function linesByReference(
  db: Executor,
  companyId: number,
  reference: string,
  type: 1 | 2,
  span: { from: Date; until: Date },
): Promise<DayLine[]> {
  const rows = await db
    .select({
      line: shipments,
      clientId: clients.id,
      clientDescription: clients.description,
      truck: shippers.plate,
    })
    .from(shipments)
    .leftJoin(clients, eq(clients.id, shipments.clientId))
    .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
    .where(linesInSpan(companyId, eq(shipments.type, type), reference, span))
    .orderBy(shipments.bookedDate, shipments.id)
    .limit(20);
  return rows.map((row) => ({
    line: row.line,
    client:
      row.clientId === null ? null : { id: row.clientId, description: row.clientDescription ?? "" },
    truck: row.truck,
  }));
}

/** Why a reference has no line today: it exists on another day, or for the other type. */
export async function referenceElsewhere(
  db: Executor,
  companyId: number,
  reference: string,
  type: 1 | 2,
  span: { from: Date; until: Date },
): Promise<"other_day" | "other_type" | null> {
  const [row] = await db
    .select({ type: shipments.type })
    .from(shipments)
    .where(
      and(eq(shipments.companyId, companyId), isNull(shipments.deletedAt), sameCode(reference)),
    )
    .orderBy(sql`case when ${shipments.type} = ${type} then 0 else 1 end`)
    .limit(1);
  if (!row) return null;
  if (row.type === type) return "other_day";
  const [today] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(linesInSpan(companyId, ne(shipments.type, type), reference, span))
    .limit(1);
  return today ? "other_type" : "other_day";
}

/** The line, locked until the transaction ends (two check-ins of one line queue up). */
export async function lockLine(
  tx: Executor,
  companyId: number,
  id: number,
): Promise<ShipmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(shipments)
    .where(
      and(eq(shipments.companyId, companyId), eq(shipments.id, id), isNull(shipments.deletedAt)),
    )
    .for("update");
  return row;
}

export async function lockTruck(
  tx: Executor,
  companyId: number,
  where: { id: number } | { plate: string },
): Promise<ShipperRow | undefined> {
  // A plate finds its truck by the key, however it was typed (issue 25).
  const match =
    "id" in where ? eq(shippers.id, where.id) : eq(shippers.plateKey, plateKeyOf(where.plate));
  const [row] = await tx
    .select()
    .from(shippers)
    .where(and(eq(shippers.companyId, companyId), match))
    .for("update");
  return row;
}

export async function insertTruck(tx: Executor, values: NewShipperRow): Promise<ShipperRow> {
  const [row] = await tx.insert(shippers).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function stampTruck(
  tx: Executor,
  id: number,
  changes: Partial<
    Pick<NewShipperRow, "registerDate" | "expeditionDate" | "phone" | "countryCode" | "updatedBy">
  >,
): Promise<ShipperRow> {
  const [row] = await tx
    .update(shippers)
    .set({ ...changes, version: sql`${shippers.version} + 1`, updatedAt: new Date() })
    .where(eq(shippers.id, id))
    .returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

export async function assignLine(
  tx: Executor,
  id: number,
  changes: { shipperId: number; arrivalDate: Date },
): Promise<void> {
  await tx
    .update(shipments)
    .set({ ...changes, version: sql`${shipments.version} + 1`, updatedAt: new Date() })
    .where(eq(shipments.id, id));
}

export async function findCheckInEvent(
  db: Executor,
  companyId: number,
  uid: string,
): Promise<CheckInRow | undefined> {
  const [row] = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.companyId, companyId), eq(checkIns.uid, uid)));
  return row;
}

export async function insertCheckInEvent(
  tx: Executor,
  values: typeof checkIns.$inferInsert,
): Promise<void> {
  await tx.insert(checkIns).values(values);
}

/** The truck's latest check-in (the line it came for), if any. */
export async function lastCheckIn(
  db: Executor,
  shipperId: number,
): Promise<CheckInRow | undefined> {
  const [row] = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.shipperId, shipperId), eq(checkIns.kind, "in")))
    .orderBy(desc(checkIns.id))
    .limit(1);
  return row;
}

/** The company's live public page token, newest first. */
export async function activePage(db: Executor, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ token: checkInPages.token })
    .from(checkInPages)
    .where(and(eq(checkInPages.companyId, companyId), isNull(checkInPages.revokedAt)))
    .orderBy(desc(checkInPages.id))
    .limit(1);
  return row?.token ?? null;
}

/** Revokes the company's live pages (the old addresses stop working at once). */
export async function revokePages(db: Executor, companyId: number): Promise<void> {
  await db
    .update(checkInPages)
    .set({ revokedAt: new Date() })
    .where(and(eq(checkInPages.companyId, companyId), isNull(checkInPages.revokedAt)));
}

export async function insertPage(db: Executor, companyId: number, token: string): Promise<void> {
  await db.insert(checkInPages).values({ companyId, token });
}

/** The company behind a live token, or undefined (unknown or revoked). */
export async function companyOfToken(
  db: Executor,
  token: string,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(checkInPages)
    .innerJoin(companies, eq(companies.id, checkInPages.companyId))
    .where(and(eq(checkInPages.token, token), isNull(checkInPages.revokedAt)));
  return row;
}
