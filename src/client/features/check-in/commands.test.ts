import "fake-indexeddb/auto";
import { setupI18n } from "@lingui/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiBase } from "../../lib/http";
import { db } from "../../offline/db";
import { CHECK_IN_LINE, expeditionRow, truckRow } from "../../test-rows";
import { mockApi } from "../../test-utils";
import { refusalErrors } from "./check-in-flow";
import { checkInOnlineFirst, checkOutOnlineFirst } from "./commands";

/** The gate's writes go online-first (issue 24): answer awaited online, queued otherwise. */

const AUTHOR = { userId: 3, username: "gate", company: "7" };
const LINE = CHECK_IN_LINE;
const TRUCK = { plate: "1234BCD", name: "TRANSPORTES 1", phone: null };

beforeEach(async () => {
  setApiBase("http://localhost/");
  await Promise.all([db.shipments.clear(), db.trucks.clear(), db.outbox.clear()]);
  await db.shipments.put(expeditionRow(1, { version: 5 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("check-in online-first", () => {
  it("online: waits for the server, whose line and truck enter the mirror; nothing is queued", async () => {
    const arrived = "2030-05-02T09:55:00.000Z";
    const requests = mockApi({
      "PUT /api/check-in/uid/*": (request) => ({
        body: {
          ...expeditionRow(1, { version: 6, arrival_date: arrived }),
          check_in: {
            uid: request.path.split("/").at(-1),
            truck: { ...truckRow(9), plate: "1234BCD", register_date: arrived },
            warehouse: "W1",
            dock: "D3",
            sms_sent: false,
          },
        },
      }),
    });
    const result = await checkInOnlineFirst(LINE, TRUCK, AUTHOR, "es");
    expect(result.kind).toBe("sent");
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get("Idempotency-Key")).toEqual(expect.any(String));
    expect(requests[0]?.body).toMatchObject({ line: 1, truck: { plate: "1234BCD" } });
    expect(await db.shipments.get(1)).toMatchObject({ version: 6, arrival_date: arrived });
    // The truck the check-in made: a check-out at this terminal finds it by plate at once.
    expect(await db.trucks.get(9)).toMatchObject({ plate: "1234BCD", register_date: arrived });
    expect(await db.outbox.count()).toBe(0);
  });

  it("refused: the reason comes back on its field in the user's language, nothing queued", async () => {
    mockApi({
      "PUT /api/check-in/uid/*": () => ({
        status: 400,
        body: {
          code: "validation_error",
          message: "Invalid",
          fields: { "truck.plate": ["Not a plate"] },
          field_codes: { "truck.plate": [{ code: "invalid_plate" }] },
        },
      }),
    });
    const result = await checkInOnlineFirst(LINE, TRUCK, AUTHOR, "es");
    expect(result.kind).toBe("refused");
    if (result.kind !== "refused") return;
    const spanish = setupI18n({ locale: "es", messages: { es: {} } });
    expect(refusalErrors(result.error, spanish)).toEqual({ plate: expect.any(String) });
    expect(await db.outbox.count()).toBe(0);
  });

  it("no network: queued under the uid and Idempotency-Key of the attempt", async () => {
    const keys: string[] = [];
    const paths: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        keys.push(input.headers.get("Idempotency-Key") ?? "");
        paths.push(new URL(input.url).pathname);
        throw new TypeError("Failed to fetch");
      }),
    );
    const result = await checkInOnlineFirst(LINE, TRUCK, AUTHOR, "es");
    expect(result).toEqual({ kind: "queued", reason: "unreachable" });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ mutationId: keys[0], path: paths[0]?.slice(1) });
    expect(await db.shipments.get(1)).toMatchObject({ shipper: { plate: "1234BCD" } });
  });
});

describe("check-out online-first", () => {
  it("no answer in time: queued with the same key; online: the truck enters the mirror", async () => {
    const truck = { ...truckRow(9), register_date: "2030-05-02T08:00:00.000Z" };
    await db.trucks.put(truck);
    const keys: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (input: Request) =>
          new Promise<Response>((_resolve, reject) => {
            keys.push(input.headers.get("Idempotency-Key") ?? "");
            input.signal.addEventListener("abort", () => reject(input.signal.reason));
          }),
      ),
    );
    expect(await checkOutOnlineFirst(truck, AUTHOR, { timeoutMs: 1 })).toEqual({
      kind: "queued",
      reason: "timeout",
    });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        mutationId: keys[0],
        entity: "shipper",
        body: { plate: truck.plate },
      }),
    ]);
    await db.outbox.clear();
    const left = "2030-05-02T12:00:00.000Z";
    mockApi({
      "PUT /api/check-out/uid/*": () => ({
        body: { ...truck, expedition_date: left, version: 2 },
      }),
    });
    expect((await checkOutOnlineFirst(truck, AUTHOR)).kind).toBe("sent");
    expect(await db.trucks.get(9)).toMatchObject({ expedition_date: left, version: 2 });
    expect(await db.outbox.count()).toBe(0);
  });
});
