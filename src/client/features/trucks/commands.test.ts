import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../offline/db";
import { pendingFor, withChanges } from "../../offline/outbox";
import { truckRow } from "../../test-rows";
import { queueTruckEdit } from "./commands";

const AUTHOR = { userId: 3, username: "office", company: "7" };

beforeEach(async () => {
  await Promise.all([db.trucks.clear(), db.outbox.clear()]);
});

describe("a truck edit queued on the device (issue 24)", () => {
  it("lays over the truck only the fields the user changed, so a newer truck keeps the others", async () => {
    const truck = truckRow(5);
    await db.trucks.put(truck);
    const { plate, name, capacity_load, phone, country_code } = truck;
    await queueTruckEdit(
      truck,
      { plate, name: "MINE", capacity_load, phone, country_code },
      AUTHOR,
    );
    const [entry] = await db.outbox.toArray();
    // The whole form goes (the server takes whole bodies), but only the name is the edit.
    expect(entry?.body).toMatchObject({ plate, name: "MINE", capacity_load: null });
    expect(entry?.changes).toEqual({ name: "MINE" });
    expect(await db.trucks.get(5)).toMatchObject({ name: "MINE", version: 1 });
    // Another user's capacity in a newer truck (a 412's current, an earlier change's answer):
    // the queued edit laid over it keeps their capacity (it used to bring back null).
    const newer = { ...truck, capacity_load: 22, version: 2 };
    expect(withChanges(newer, await pendingFor("shipper", 5))).toMatchObject({
      name: "MINE",
      capacity_load: 22,
    });
  });
});
