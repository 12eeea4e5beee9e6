import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAIN } from "../../db/demo-data";
import { changeLog } from "../../db/schema/changes";
import { shipments } from "../../db/schema/shipments";
import { shippers } from "../../db/schema/shippers";
import { createTestApp, type TestApp } from "../../test/harness";
import { insertLine } from "../../test/shipments";
import { rangeInstants } from "./repository";

/**
 * The stored departure (migration 0024, issue 30): BI reads shipments.departure_date instead
 * of looking each line's check-out up, so the triggers must keep it equal to that lookup
 * whatever comes first: the check-out or the arrival, a later check-out, a removed one, a
 * moved arrival, the action-time fallback. Hand-made lines in March 2034.
 */
let t: TestApp;
let plain: number;
const at = (hhmm: string) => new Date(`2034-03-10T${hhmm}:00Z`);

async function truck(plate: string): Promise<number> {
  const [row] = await t.app.db
    .insert(shippers)
    .values({ companyId: plain, plate, name: "DEPARTURE TEST", registerDate: at("07:00") })
    .returning({ id: shippers.id });
  if (!row) throw new Error("no truck");
  return row.id;
}

async function checkOut(shipperId: number, when: Date): Promise<number> {
  const result = await t.app.db.execute(sql`insert into check_ins
      (uid, company_id, kind, shipper_id, created_at)
    values (gen_random_uuid(), ${plain}, 'out', ${shipperId}, ${when.toISOString()}) returning id`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0;
}

async function departures(...ids: number[]): Promise<(string | null)[]> {
  const found = await t.app.db
    .select({ id: shipments.id, departure: shipments.departureDate })
    .from(shipments)
    .where(inArray(shipments.id, ids));
  return ids.map((id) => found.find((row) => row.id === id)?.departure?.toISOString() ?? null);
}

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
});
afterAll(async () => {
  await t?.close();
});

describe("shipments.departure_date", () => {
  it("is the truck's first check-out after the arrival, whichever is written first", async () => {
    const db = t.app.db;
    const truckId = await truck("DEP0001");
    await checkOut(truckId, at("06:00"));
    const early = await insertLine(db, plain, 1, { shipperId: truckId, arrivalDate: at("08:00") });
    const late = await insertLine(db, plain, 1, { shipperId: truckId, arrivalDate: at("11:00") });
    const none = await insertLine(db, plain, 1, { shipperId: truckId });
    expect(await departures(early, late, none)).toEqual([null, null, null]);

    await checkOut(truckId, at("12:00"));
    const iso = (hhmm: string) => at(hhmm).toISOString();
    expect(await departures(early, late, none)).toEqual([iso("12:00"), iso("12:00"), null]);
    await checkOut(truckId, at("10:00"));
    expect(await departures(early, late)).toEqual([iso("10:00"), iso("12:00")]);

    // A line that arrives when the check-outs are already there finds its own.
    const after = await insertLine(db, plain, 2, { shipperId: truckId, arrivalDate: at("10:30") });
    expect(await departures(after)).toEqual([iso("12:00")]);
    // Its arrival moved after the last check-out: none left.
    await db
      .update(shipments)
      .set({ arrivalDate: at("13:00") })
      .where(eq(shipments.id, after));
    expect(await departures(after)).toEqual([null]);
  });

  it("falls back to the action time and follows removed check-outs and trucks", async () => {
    const db = t.app.db;
    const truckId = await truck("DEP0002");
    const line = await insertLine(db, plain, 1, {
      shipperId: truckId,
      arrivalDate: at("08:00"),
      actionDate: at("09:15"),
    });
    const before = await insertLine(db, plain, 1, {
      shipperId: truckId,
      arrivalDate: at("08:00"),
      actionDate: at("07:00"),
    });
    const iso = (hhmm: string) => at(hhmm).toISOString();
    expect(await departures(line, before)).toEqual([iso("09:15"), null]);

    const gate = await checkOut(truckId, at("14:00"));
    expect(await departures(line, before)).toEqual([iso("14:00"), iso("14:00")]);
    await db.execute(sql`delete from check_ins where id = ${gate}`);
    expect(await departures(line, before)).toEqual([iso("09:15"), null]);

    await checkOut(truckId, at("14:00"));
    await db.delete(shippers).where(eq(shippers.id, truckId));
    expect(await departures(line, before)).toEqual([iso("09:15"), null]);
  });

  it("stamps the change feed only for the lines whose departure a check-out changes", async () => {
    const db = t.app.db;
    const truckId = await truck("DEP0003");
    const gone = await insertLine(db, plain, 1, { shipperId: truckId, arrivalDate: at("06:00") });
    await checkOut(truckId, at("07:00"));
    const visit = await insertLine(db, plain, 1, { shipperId: truckId, arrivalDate: at("08:00") });
    const stamp = async (id: number) => {
      const [row] = await db
        .select({ xid: sql<string>`${changeLog.changeXid}::text` })
        .from(changeLog)
        .where(and(eq(changeLog.entity, "shipment"), eq(changeLog.entityId, id)));
      return row?.xid;
    };
    const [goneBefore, visitBefore] = [await stamp(gone), await stamp(visit)];
    await checkOut(truckId, at("09:00"));
    expect(await stamp(gone)).toBe(goneBefore);
    expect(await stamp(visit)).not.toBe(visitBefore);
  });
});

describe("rangeInstants", () => {
  it("gives the yard's days as UTC instants, across a daylight-saving change", () => {
    expect(rangeInstants("Europe/Madrid", { start: "2034-03-25", end: "2034-03-26" })).toEqual({
      from: "2034-03-24T23:00:00.000Z",
      to: "2034-03-26T22:00:00.000Z",
    });
    expect(rangeInstants("UTC", { start: "2034-03-10", end: "2034-03-10" })).toEqual({
      from: "2034-03-10T00:00:00.000Z",
      to: "2034-03-11T00:00:00.000Z",
    });
  });
});
