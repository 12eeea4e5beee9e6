import { and, eq } from "drizzle-orm";
import type { ShipmentType } from "../../shared/contract/status";
import { DEFAULT_STATUS } from "../../shared/contract/status";
import type { Db } from "../db/database";
import { clients } from "../db/schema/clients";
import { type NewShipmentRow, shipments } from "../db/schema/shipments";
import { shippers } from "../db/schema/shippers";

/**
 * Shipment lines for the API tests, written straight to the database (lines are created by
 * other features: forms, recurrence, check-in). Booked in 2031 by default, away from the demo
 * lines around today, so date filters can isolate them.
 */
let sequence = 0;

export type LineValues = Partial<Omit<NewShipmentRow, "companyId" | "type">>;

export async function insertLine(
  db: Db,
  companyId: number,
  type: ShipmentType,
  values: LineValues = {},
): Promise<number> {
  sequence += 1;
  const [row] = await db
    .insert(shipments)
    .values({
      companyId,
      type,
      code: `T-${String(sequence).padStart(5, "0")}`,
      bookedDate: new Date(Date.UTC(2031, 0, 1, 8, 0) + sequence * 60_000),
      statusId: DEFAULT_STATUS[type],
      ...values,
    })
    .returning({ id: shipments.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function clientId(db: Db, companyId: number, description: string): Promise<number> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.description, description)));
  if (!row) throw new Error(`No client ${description} in company ${companyId}`);
  return row.id;
}

/** Some trucks of the company (the demo trucks), oldest id first. */
export async function truckIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: shippers.id })
    .from(shippers)
    .where(eq(shippers.companyId, companyId))
    .orderBy(shippers.id);
  return rows.map((row) => row.id);
}
