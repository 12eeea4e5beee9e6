import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiBase } from "../../lib/http";
import { db } from "../../offline/db";
import { sendEntry } from "../../offline/replay-transport";
import { Replayer, type ReplayerDeps } from "../../offline/replayer";
import { CHECK_IN_LINE, expeditionRow, truckRow } from "../../test-rows";
import { isOnSite, truckByPlate } from "./check-in-local";
import { checkInOnlineFirst, checkOutOnlineFirst } from "./commands";
import { checkInWaits, readGateTrucks } from "./queued-gate-writes";

/**
 * A truck that arrives and leaves while the gate terminal has no network: its check-in waits in
 * the outbox, and the check-out must still find it on site and queue behind it.
 */

const AUTHOR = { userId: 3, username: "gate", company: "7" };
const LINE = CHECK_IN_LINE;
const NEW_TRUCK = { plate: "9876 XYZ", name: "TRANSPORTES NUEVOS", phone: null };

/** What the check-out form sees: the mirror with the queued gate writes laid over. */
const gate = () => readGateTrucks(7);

async function checkOutAtGate(plate: string) {
  const { trucks, queued } = await gate();
  const truck = truckByPlate(trucks, plate);
  if (!truck) throw new Error(`no truck ${plate} at the gate`);
  return checkOutOnlineFirst(truck, AUTHOR, { afterQueuedCheckIn: checkInWaits(queued, plate) });
}

let requests: string[];

/** Replays the outbox until it is idle, each entry sent by `send`. */
async function replayOutbox(send: ReplayerDeps["send"]) {
  const replayer = new Replayer({
    send,
    readCurrent: async () => null,
    whoChanged: async () => null,
    session: () => ({ userId: 3, jwt: "jwt" }),
    withLock: (task) => task(),
    random: () => 0.5,
  });
  replayer.kick();
  await replayer.idle();
}

beforeEach(async () => {
  setApiBase("http://localhost/");
  await Promise.all([db.shipments.clear(), db.trucks.clear(), db.outbox.clear(), db.meta.clear()]);
  await db.shipments.put(expeditionRow(1, { version: 5 }));
  requests = [];
  // No network: every request fails as a dropped connection does.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      requests.push(`${input.method} ${new URL(input.url).pathname}`);
      throw new TypeError("Failed to fetch");
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a truck checked in while the gate has no network", () => {
  it("a new truck is on site at once and its check-out queues behind the check-in, by plate", async () => {
    expect((await checkInOnlineFirst(LINE, NEW_TRUCK, AUTHOR, "es")).kind).toBe("queued");
    const arrived = truckByPlate((await gate()).trucks, "9876-xyz");
    expect(arrived).toMatchObject({ id: 0, plate: "9876 XYZ", name: "TRANSPORTES NUEVOS" });
    expect(arrived && isOnSite(arrived)).toBe(true);

    const sentBefore = requests.length;
    expect(await checkOutAtGate("9876XYZ")).toEqual({ kind: "queued", reason: "behind" });
    // Queued without trying the network: sent first, it would reach the server before its check-in.
    expect(requests).toHaveLength(sentBefore);
    const [checkIn, checkOut] = await db.outbox.orderBy("seq").toArray();
    expect(checkIn?.path).toMatch(/^api\/check-in\/uid\//);
    expect(checkOut).toMatchObject({
      entity: "shipper",
      entityKey: "shipper:plate:9876XYZ",
      body: { plate: "9876 XYZ" },
      baseVersion: null,
    });
    const left = truckByPlate((await gate()).trucks, "9876XYZ");
    expect(left && isOnSite(left)).toBe(false);
    // Nothing leaked into the mirror: the truck exists only as the queue says.
    expect(await db.trucks.count()).toBe(0);
  });

  it("a known truck that left before is on site again from its queued check-in", async () => {
    await db.trucks.put({
      ...truckRow(9),
      register_date: "2020-05-01T08:00:00.000Z",
      expedition_date: "2020-05-01T12:00:00.000Z",
    });
    const known = { plate: "0009BCD", name: "TRANSPORTES 9", phone: null };
    expect((await checkInOnlineFirst(LINE, known, AUTHOR, "es")).kind).toBe("queued");
    const back = truckByPlate((await gate()).trucks, "0009BCD");
    expect(back).toMatchObject({ id: 9 });
    expect(back && isOnSite(back)).toBe(true);
    expect(await checkOutAtGate("0009BCD")).toEqual({ kind: "queued", reason: "behind" });
    const left = truckByPlate((await gate()).trucks, "0009BCD");
    expect(left && isOnSite(left)).toBe(false);
    expect((await db.outbox.orderBy("seq").last())?.entityKey).toBe("shipper:9");
  });

  it("replayed: the check-in goes first, then the check-out, whose truck enters the mirror", async () => {
    await checkInOnlineFirst(LINE, NEW_TRUCK, AUTHOR, "es");
    await checkOutAtGate("9876XYZ");
    const sent: string[] = [];
    const truck = { ...truckRow(40), plate: "9876 XYZ", version: 2 };
    await replayOutbox(async (entry) => {
      sent.push(entry.path.split("/")[1] ?? "");
      if (entry.entity === "shipment") return { ...expeditionRow(1), version: 6 };
      return {
        ...truck,
        register_date: "2020-05-02T09:55:00.000Z",
        expedition_date: entry.changes.expedition_date as string,
      };
    });
    expect(sent).toEqual(["check-in", "check-out"]);
    expect(await db.outbox.count()).toBe(0);
    const mirrored = await db.trucks.get(40);
    expect(mirrored && isOnSite(mirrored)).toBe(false);
    expect(await db.trucks.get(0)).toBeUndefined();
  });

  it("replayed through the network, the check-in's truck is on site before any feed pull", async () => {
    await checkInOnlineFirst(LINE, NEW_TRUCK, AUTHOR, "es");
    const truck = {
      ...truckRow(41),
      plate: "9876 XYZ",
      name: "TRANSPORTES NUEVOS",
      register_date: "2020-05-02T09:55:00.000Z",
      expedition_date: null,
    };
    // The network is back: the server answers the check-in with the line and its new truck.
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        requests.push(`${input.method} ${new URL(input.url).pathname}`);
        const check_in = {
          uid: crypto.randomUUID(),
          truck,
          warehouse: "W1",
          dock: "D1",
          sms_sent: false,
        };
        return Response.json({ ...expeditionRow(1), version: 6, check_in });
      }),
    );
    await replayOutbox(sendEntry);
    expect(await db.outbox.count()).toBe(0);
    // The line took the answer (without the check-in's own facts), and the truck is known by id.
    expect(await db.shipments.get(1)).toMatchObject({ version: 6 });
    expect(await db.shipments.get(1)).not.toHaveProperty("check_in");
    const { trucks, queued } = await gate();
    expect(queued).toEqual([]);
    const arrived = truckByPlate(trucks, "9876XYZ");
    expect(arrived).toMatchObject({ id: 41, name: "TRANSPORTES NUEVOS" });
    expect(arrived && isOnSite(arrived)).toBe(true);
  });
});
