import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOf } from "../../../../shared/contract/paging";
import { Expedition } from "../../../../shared/contract/shipments";
import { DEFAULT_STATUS } from "../../../../shared/contract/status";
import { PLAIN } from "../../../db/demo-data";
import { carrierBookings } from "../../../db/schema/carrier-bookings";
import { clients } from "../../../db/schema/clients";
import { reasons } from "../../../db/schema/shipments";
import { type Caller, callerFor } from "../../../test/api-caller";
import { inContract } from "../../../test/contract";
import { createTestApp, type TestApp } from "../../../test/harness";
import { insertLine, truckIds } from "../../../test/shipments";

/**
 * The list looks a page's status, client, truck, reason and live carrier booking up line by
 * line (list-repository.ts), where reading one line joins them (lines/repository.ts): both must
 * show every line alike, with and without each of them. The lines are booked in March 2036.
 */
let t: TestApp;
let company: number;
let office: Caller;

const EXPEDITION = 1;
const STATUS = DEFAULT_STATUS[EXPEDITION];

beforeAll(async () => {
  t = await createTestApp();
  company = await t.companyId(PLAIN);
  office = await callerFor(t, "office", company);
});
afterAll(async () => {
  await t?.close();
});

const at = (day: number) => new Date(Date.UTC(2036, 2, day, 9));

async function book(shipmentId: number, state: "confirmed" | "to_confirm" | "refused") {
  await t.app.db.insert(carrierBookings).values({
    companyId: company,
    shipmentId,
    type: EXPEDITION,
    state,
    bookedDate: at(1),
    reference: `R-${shipmentId}`,
    carrier: "Carrier",
    plate: "0000XXX",
    phone: "600000000",
    email: "carrier@example.com",
    manageHash: `list-lines-${shipmentId}-${state}`,
  });
}

describe("a list line", () => {
  it("shows what reading the line alone shows, with and without its lookups", async () => {
    const db = t.app.db;
    const [truck] = await truckIds(db, company);
    const [client] = await db.select().from(clients).where(eq(clients.companyId, company));
    const [reason] = await db.select().from(reasons).limit(1);
    if (truck === undefined || !client || !reason) throw new Error("demo data missing");
    const full = await insertLine(db, company, EXPEDITION, {
      bookedDate: at(2),
      clientId: client.id,
      shipperId: truck,
      reasonId: reason.id,
    });
    const bare = await insertLine(db, company, EXPEDITION, { bookedDate: at(3) });
    const waiting = await insertLine(db, company, EXPEDITION, { bookedDate: at(4) });
    const refused = await insertLine(db, company, EXPEDITION, { bookedDate: at(5) });
    await book(full, "confirmed");
    await book(waiting, "to_confirm");
    await book(refused, "refused");

    const response = await office(
      "GET",
      "/api/expedition?booked_date_after=2036-03-01&booked_date_before=2036-03-31&page_size=10",
    );
    expect(response.statusCode, response.body).toBe(200);
    // Sent as built, unchecked (index.ts): the answer is parsed with the contract.
    const listed = inContract(listOf(Expedition), response.json()).results;
    expect(listed.map((line) => line.id)).toEqual([full, bare, waiting, refused]);
    for (const line of listed) {
      const alone = await office("GET", `/api/expedition/${line.id}`);
      expect(alone.statusCode, alone.body).toBe(200);
      expect(line).toEqual(alone.json<Expedition>());
    }
    const [first, second, third, fourth] = listed;
    expect(first).toMatchObject({
      client: { id: client.id, description: client.description },
      shipper: { id: truck },
      reason: { id: reason.id, code: reason.code, name: reason.name },
      status: { id: STATUS },
      carrier_booking: "confirmed",
    });
    expect(second).toMatchObject({ client: null, shipper: null, reason: null });
    expect(second?.carrier_booking).toBeNull();
    expect(third?.carrier_booking).toBe("to_confirm");
    expect(fourth?.carrier_booking).toBeNull();
  });
});
