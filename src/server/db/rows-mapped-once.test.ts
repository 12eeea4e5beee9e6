import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../shared/constants";
import { createTestApp, type TestApp } from "../test/harness";
import { insertLine } from "../test/shipments";
import { PLAIN } from "./demo-data";
import { rowsMappedOnce } from "./rows-mapped-once";
import { clients } from "./schema/clients";
import { shipments, statuses } from "./schema/shipments";
import { shippers } from "./schema/shippers";

/**
 * rowsMappedOnce maps a prepared select's rows exactly as Drizzle's own mapResultRow does, on
 * whichever driver the suite runs (PGlite, PostgreSQL with DATABASE_URL): whole tables, left
 * joins that match and that do not (the joined object null), nested picks, SQL columns with
 * and without a decoder, a subquery column, dates, numerics and nulls.
 */
let t: TestApp;
let company: number;

beforeAll(async () => {
  t = await createTestApp();
  company = await t.companyId(PLAIN);
  // The demo's lines all have a client: one without, for the left join that finds none.
  await insertLine(t.app.db, company, SHIPMENT_TYPE.expedition);
});
afterAll(async () => {
  await t?.close();
});

function select(name: string) {
  return t.app.db
    .select({
      shipment: shipments,
      client: clients,
      truck: { id: shippers.id, plate: shippers.plate, phone: shippers.phone },
      status: { id: statuses.id, description: statuses.description },
      doubled: sql<number>`${shipments.id} * 2`.mapWith(Number),
      raw: sql`${shipments.code}`,
      clients: sql<number>`(select count(*) from ${clients})`.mapWith(Number),
    })
    .from(shipments)
    .innerJoin(statuses, eq(statuses.id, shipments.statusId))
    .leftJoin(clients, eq(clients.id, shipments.clientId))
    .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
    .where(eq(shipments.companyId, sql.placeholder("company")))
    .orderBy(asc(shipments.id))
    .prepare(name);
}

describe("rows mapped once", () => {
  it("maps every row as Drizzle's own mapping does", async () => {
    const drizzles = await select("rows_mapped_by_drizzle").execute({ company });
    const ours = await rowsMappedOnce(select("rows_mapped_once")).execute({ company });
    expect(drizzles.length).toBeGreaterThan(20);
    // The case that matters is here: lines with and without a client and a truck.
    expect(drizzles.some((row) => row.client === null)).toBe(true);
    expect(drizzles.some((row) => row.client !== null)).toBe(true);
    expect(drizzles.some((row) => row.truck === null)).toBe(true);
    expect(drizzles.some((row) => row.truck !== null)).toBe(true);
    expect(drizzles[0]?.shipment.bookedDate).toBeInstanceOf(Date);
    expect(ours).toEqual(drizzles);
  });

  it("refuses what is not a prepared select", () => {
    expect(() => rowsMappedOnce({})).toThrow(/not a prepared select/);
  });
});
