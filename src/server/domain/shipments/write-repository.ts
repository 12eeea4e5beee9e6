import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { clientCompanies, clients } from "../../db/schema/clients";
import { type NewShipmentRow, shipments } from "../../db/schema/shipments";

/** SQL of the forms' writes: inserting a line, finding it by its creation id, client checks. */

/**
 * Inserts a line; with a `uid` already used in the company nothing is inserted and undefined
 * comes back (a repeated create-once PUT), so a retry never makes a second line.
 */
export async function insertShipment(
  db: Executor,
  row: NewShipmentRow,
): Promise<number | undefined> {
  const [inserted] = await db
    .insert(shipments)
    .values(row)
    .onConflictDoNothing({ target: [shipments.companyId, shipments.uid] })
    .returning({ id: shipments.id });
  return inserted?.id;
}

/** The company's line created under `uid` (deleted or not), with its type. */
export async function findShipmentByUid(
  db: Executor,
  companyId: number,
  uid: string,
): Promise<{ id: number; type: number; deleted: boolean } | undefined> {
  const [row] = await db
    .select({ id: shipments.id, type: shipments.type, deletedAt: shipments.deletedAt })
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), eq(shipments.uid, uid)));
  return row && { id: row.id, type: row.type, deleted: row.deletedAt !== null };
}

/** The company's lines created under any of `uids` (deleted or not), by uid. */
export async function findShipmentsByUid(
  db: Executor,
  companyId: number,
  uids: readonly string[],
): Promise<Map<string, { id: number; type: number; deleted: boolean }>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({
      id: shipments.id,
      uid: shipments.uid,
      type: shipments.type,
      deletedAt: shipments.deletedAt,
    })
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), inArray(shipments.uid, [...uids])));
  return new Map(
    rows.map((row) => [
      row.uid ?? "",
      { id: row.id, type: row.type, deleted: row.deletedAt !== null },
    ]),
  );
}

/**
 * The client, when it belongs to the company and (for a user limited to some clients) is one
 * of `limitedTo`; undefined otherwise.
 */
export async function findCompanyClient(
  db: Executor,
  companyId: number,
  clientId: number,
  limitedTo: readonly number[],
): Promise<{ id: number; description: string } | undefined> {
  const [row] = await db
    .select({ id: clients.id, description: clients.description })
    .from(clients)
    .innerJoin(clientCompanies, eq(clientCompanies.clientId, clients.id))
    .where(
      and(
        eq(clients.id, clientId),
        eq(clientCompanies.companyId, companyId),
        limitedTo.length > 0 ? inArray(clients.id, [...limitedTo]) : undefined,
      ),
    );
  return row;
}
