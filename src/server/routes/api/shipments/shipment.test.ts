import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { listOf } from "../../../../shared/contract/paging";
import {
  Expedition,
  type HistoryEntry,
  Reception,
  type Shipment,
} from "../../../../shared/contract/shipments";
import { REASONS, STATUSES, type Status } from "../../../../shared/contract/status";
import { can } from "../../../../shared/permissions";
import { BW, KL, PLAIN, TRW } from "../../../db/demo-data";
import { DEMO_SHIPMENTS_PER_TYPE } from "../../../db/demo-shipments";
import { userClients } from "../../../db/schema/clients";
import { reasons, shipmentHistory, shipments, statuses } from "../../../db/schema/shipments";
import { shippers } from "../../../db/schema/shippers";
import { users } from "../../../db/schema/users";
import { type Caller, callerFor } from "../../../test/api-caller";
import { inContract } from "../../../test/contract";
import { createTestApp, type TestApp } from "../../../test/harness";
import { clientId, insertLine, truckIds } from "../../../test/shipments";

let t: TestApp;
const ids: Record<string, number> = {};
let office: Caller;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [PLAIN, TRW, KL, BW]) ids[name] = await t.companyId(name);
  office = await callerFor(t, "office", ids[PLAIN] as number);
});
afterAll(async () => {
  await t?.close();
});

interface List<T> {
  count: number;
  results: T[];
}

const plain = () => ids[PLAIN] as number;

/** The lines' lists are sent as built, unchecked (index.ts): their answers are parsed here. */
const SENT_AS_BUILT: Record<string, z.ZodType> = {
  "/api/expedition": listOf(Expedition),
  "/api/reception": listOf(Reception),
};

async function list<T = Expedition>(caller: Caller, url: string): Promise<List<T>> {
  const response = await caller("GET", url);
  expect(response.statusCode, response.body).toBe(200);
  const schema = SENT_AS_BUILT[url.split("?")[0] ?? ""];
  return schema ? (inContract(schema, response.json()) as List<T>) : response.json<List<T>>();
}

async function historyOf(id: number): Promise<HistoryEntry[]> {
  return (await list<HistoryEntry>(office, `/api/historic?shipment=${id}`)).results;
}

describe("statuses and reasons in the database", () => {
  it("are exactly the shared tables (src/shared/contract/status.ts)", async () => {
    const rows = await t.app.db.select().from(statuses).orderBy(asc(statuses.type));
    expect(
      rows.map(({ id, type, description, color, ordering, incidence }) => ({
        id,
        type,
        description,
        color,
        ordering,
        incidence,
      })),
    ).toEqual(expect.arrayContaining([...STATUSES]));
    expect(rows).toHaveLength(STATUSES.length);
    const reasonRows = await t.app.db.select().from(reasons);
    expect(
      reasonRows.map((row) => ({
        status: row.statusId,
        code: row.code,
        name: row.name,
        description: row.description,
      })),
    ).toEqual(expect.arrayContaining([...REASONS]));
    expect(reasonRows).toHaveLength(REASONS.length);
  });
});

describe("demo seed", () => {
  it("gives every demo company its expeditions and receptions, in every status", async () => {
    for (const name of [PLAIN, TRW, KL, BW]) {
      const admin = await callerFor(t, "admin", ids[name] as number);
      for (const [path, type] of [
        ["expedition", 1],
        ["reception", 2],
      ] as const) {
        const page = await list<Shipment>(admin, `/api/${path}?page_size=1000&show_issued=true`);
        expect(page.count, `${name} ${path}`).toBe(DEMO_SHIPMENTS_PER_TYPE);
        const seen = new Set(page.results.map((line) => line.status.id));
        // bw's attention_req (13) is applied on the device only: no saved line holds it.
        const expected = STATUSES.filter((status) => status.type === type && status.id !== 13).map(
          (s) => s.id,
        );
        expect([...seen].sort(), `${name} ${path}`).toEqual([...expected].sort());
        expect(page.results.every((line) => line.client !== null)).toBe(true);
      }
    }
  });

  it("shows the client user's clients, trucks, urgent receptions and notes", async () => {
    const client = await callerFor(t, "client", plain());
    const mine = await list<Reception>(client, "/api/reception?page_size=1000");
    expect(new Set(mine.results.map((line) => line.client?.description))).toEqual(
      new Set(["ACME FOODS", "NORTE RETAIL"]),
    );
    const all = await list<Reception>(office, "/api/reception?page_size=1000");
    expect(all.results.some((line) => line.urgent)).toBe(true);
    expect(all.results.some((line) => line.shipper !== null)).toBe(true);
    expect(all.results.some((line) => line.client_notes !== "")).toBe(true);
    expect(mine.count).toBeLessThan(all.count);
  });
});

describe("GET /api/status", () => {
  const statusIds = async (company: string, query: string) => {
    const caller = await callerFor(t, "office", ids[company] as number);
    return (await list<Status>(caller, `/api/status${query}`)).results.map((s) => s.id);
  };

  it("lists a type's statuses in the default order, with labels and colours", async () => {
    expect(await statusIds(PLAIN, "?type=1")).toEqual([998, 10, 1, 3, 2, 4, 11, 7]);
    expect(await statusIds(PLAIN, "?type=2")).toEqual([999, 5, 6, 8, 12, 9]);
    expect(await statusIds(PLAIN, "")).toEqual([998, 10, 1, 3, 2, 4, 11, 7, 999, 5, 6, 8, 12, 9]);
    const [first] = (await list<Status>(office, "/api/status?type=1")).results;
    expect(first).toEqual({
      id: 998,
      type: 1,
      description: "in_preparation",
      color: "#9e9e9e",
      ordering: 1,
      incidence: false,
    });
  });

  it("hides 3 (issued) for kl unless show_issued=true", async () => {
    expect(await statusIds(KL, "?type=1")).toEqual([998, 10, 1, 2, 4, 11, 7]);
    expect(await statusIds(KL, "?type=1&show_issued=false")).not.toContain(3);
    expect(await statusIds(KL, "?type=1&show_issued=true")).toEqual([998, 10, 1, 3, 2, 4, 11, 7]);
  });

  it("drops 11 and 4 for bw and orders 998, 10, 1, 3, 2; bw alone has attention_req", async () => {
    expect(await statusIds(BW, "?type=1")).toEqual([998, 10, 1, 3, 2, 7, 13]);
    expect(await statusIds(BW, "?type=2")).toEqual([999, 5, 6, 8, 12, 9]);
  });

  it("names status 7 (and the receptions' 12) delay, as the spec does", async () => {
    const all = (await list<Status>(office, "/api/status")).results;
    expect(all.find((status) => status.id === 7)?.description).toBe("delay");
    expect(all.find((status) => status.id === 12)?.description).toBe("delay");
    expect(all.some((status) => status.description === "attention_req")).toBe(false);
  });

  it("refuses an unknown type", async () => {
    const response = await office("GET", "/api/status?type=3");
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty("type");
  });
});

describe("GET /api/reason", () => {
  it("lists the reasons of a status, every reason without one", async () => {
    const delay = await list<{ status: number; code: string; name: string }>(
      office,
      "/api/reason?status=7",
    );
    expect(delay.results.map((reason) => reason.name)).toEqual([
      "shipper_delay",
      "preparation_delay",
      "package_delay",
    ]);
    expect(delay.results.every((reason) => reason.status === 7)).toBe(true);
    expect((await list(office, "/api/reason?status=998")).count).toBe(0);
    expect((await list(office, "/api/reason")).count).toBe(REASONS.length);
    const receptions = await list<{ status: number }>(office, "/api/reason?type=2");
    expect(new Set(receptions.results.map((reason) => reason.status))).toEqual(new Set([8, 12, 9]));
  });
});

describe("list filters and paging", () => {
  let acme: number;
  let norte: number;
  let iberia: number;
  const made: Record<string, number> = {};
  const window = "booked_date_after=2031-05-01&booked_date_before=2031-05-31";

  beforeAll(async () => {
    const db = t.app.db;
    acme = await clientId(db, plain(), "ACME FOODS");
    norte = await clientId(db, plain(), "NORTE RETAIL");
    iberia = await clientId(db, plain(), "IBERIA PHARMA");
    const at = (iso: string) => new Date(iso);
    const specs: [string, 1 | 2, Parameters<typeof insertLine>[3]][] = [
      [
        "alpha",
        1,
        {
          code: "FLT-Alpha",
          bookedDate: at("2031-05-10T10:00:00Z"),
          clientId: acme,
          statusId: 998,
          routePlate: "RT-100",
          infoShipper: "Morning shift",
        },
      ],
      [
        "beta",
        1,
        {
          code: "flt-beta",
          bookedDate: at("2031-05-10T23:59:30Z"),
          clientId: norte,
          statusId: 2,
          routePlate: "RT-200",
          infoShipper: "night",
        },
      ],
      [
        "gamma",
        1,
        {
          code: "FLT-Gamma",
          bookedDate: at("2031-05-11T00:00:00Z"),
          clientId: iberia,
          statusId: 3,
          infoShipper: "MORNING",
        },
      ],
      [
        "delta",
        1,
        {
          code: "FLT-100%_Delta",
          bookedDate: at("2031-05-09T08:00:00Z"),
          clientId: acme,
          statusId: 4,
        },
      ],
      [
        "epsilon",
        1,
        {
          code: "FLT-Epsilon",
          bookedDate: at("2031-05-10T10:00:00Z"),
          clientId: norte,
          statusId: 998,
        },
      ],
      [
        "recOne",
        2,
        {
          code: "FLT-RecOne",
          bookedDate: at("2031-05-10T09:00:00Z"),
          clientId: acme,
          place: "Pamplona Norte",
        },
      ],
      [
        "recTwo",
        2,
        {
          code: "FLT-RecTwo",
          bookedDate: at("2031-05-12T09:00:00Z"),
          clientId: iberia,
          place: "Burgos",
          statusId: 6,
        },
      ],
    ];
    for (const [name, type, values] of specs) {
      made[name] = await insertLine(db, plain(), type, values);
    }
  });

  const codes = (page: List<Shipment>) => page.results.map((line) => line.code);

  it("orders by booked_date, then id, and answers the nested shapes", async () => {
    const page = await list<Expedition>(office, `/api/expedition?${window}`);
    expect(codes(page)).toEqual([
      "FLT-100%_Delta",
      "FLT-Alpha",
      "FLT-Epsilon",
      "flt-beta",
      "FLT-Gamma",
    ]);
    const alpha = page.results[1] as Expedition;
    expect(alpha).toMatchObject({
      id: made.alpha,
      type: 1,
      company: plain(),
      client: { id: acme, description: "ACME FOODS" },
      shipper: null,
      status: { id: 998, description: "in_preparation", color: "#9e9e9e" },
      reason: null,
      route_plate: "RT-100",
      version: 1,
      timing: "in_time",
      destination: "",
    });
    expect(Object.keys(alpha)).not.toContain("origin");
  });

  it("booked_date_after and booked_date_before: inclusive, by day, minute or instant", async () => {
    expect(
      codes(
        await list(
          office,
          "/api/expedition?booked_date_after=2031-05-10&booked_date_before=2031-05-10",
        ),
      ),
    ).toEqual(["FLT-Alpha", "FLT-Epsilon", "flt-beta"]);
    expect(
      codes(
        await list(
          office,
          "/api/expedition?booked_date_after=2031-05-10T10:00&booked_date_before=2031-05-10T23:59",
        ),
      ),
    ).toEqual(["FLT-Alpha", "FLT-Epsilon", "flt-beta"]);
    expect(
      codes(
        await list(
          office,
          "/api/expedition?booked_date_after=2031-05-10T10:00:01&booked_date_before=2031-05-11T02:00%2B02:00",
        ),
      ),
    ).toEqual(["flt-beta", "FLT-Gamma"]);
    const bad = await office("GET", "/api/expedition?booked_date_after=2031-13-40");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty("booked_date_after");
  });

  it("code: contains, case-insensitive, wildcards taken literally", async () => {
    expect(codes(await list(office, `/api/expedition?${window}&code=flt-`))).toHaveLength(5);
    expect(codes(await list(office, `/api/expedition?${window}&code=ALPHA`))).toEqual([
      "FLT-Alpha",
    ]);
    expect(codes(await list(office, `/api/expedition?${window}&code=100%25_`))).toEqual([
      "FLT-100%_Delta",
    ]);
    expect(codes(await list(office, `/api/expedition?${window}&code=_`))).toEqual([
      "FLT-100%_Delta",
    ]);
  });

  it("search: the delivery note, the route plate or the assigned truck's plate", async () => {
    const db = t.app.db;
    const [truck] = await db
      .select({ id: shippers.id, plate: shippers.plate })
      .from(shippers)
      .where(eq(shippers.companyId, plain()))
      .orderBy(asc(shippers.id))
      .limit(1);
    const gamma = made.gamma;
    if (!truck || gamma === undefined) throw new Error("the demo company has no truck");
    await db.update(shipments).set({ shipperId: truck.id }).where(eq(shipments.id, gamma));
    try {
      const search = (text: string) =>
        list(office, `/api/expedition?${window}&search=${encodeURIComponent(text)}`).then(codes);
      expect(await search("alpha")).toEqual(["FLT-Alpha"]);
      expect(await search("rt-2")).toEqual(["flt-beta"]);
      // The truck's plate as a driver would type it: lower case, with a space.
      const typed = `${truck.plate.slice(0, 3)} ${truck.plate.slice(3)}`.toLowerCase();
      expect(await search(typed)).toEqual(["FLT-Gamma"]);
      expect(await search("no such line")).toEqual([]);
    } finally {
      await db.update(shipments).set({ shipperId: null }).where(eq(shipments.id, gamma));
    }
  });

  it("route_plate and info_shipper: contains, case-insensitive", async () => {
    expect(codes(await list(office, `/api/expedition?${window}&route_plate=rt-`))).toEqual([
      "FLT-Alpha",
      "flt-beta",
    ]);
    expect(codes(await list(office, `/api/expedition?${window}&route_plate=200`))).toEqual([
      "flt-beta",
    ]);
    expect(codes(await list(office, `/api/expedition?${window}&info_shipper=morning`))).toEqual([
      "FLT-Alpha",
      "FLT-Gamma",
    ]);
  });

  it("client: one id, repeated ids or a comma list", async () => {
    expect(codes(await list(office, `/api/expedition?${window}&client=${acme}`))).toEqual([
      "FLT-100%_Delta",
      "FLT-Alpha",
    ]);
    const both = ["FLT-100%_Delta", "FLT-Alpha", "FLT-Epsilon", "flt-beta"];
    expect(
      codes(await list(office, `/api/expedition?${window}&client=${acme}&client=${norte}`)),
    ).toEqual(both);
    expect(codes(await list(office, `/api/expedition?${window}&client=${acme},${norte}`))).toEqual(
      both,
    );
    expect((await office("GET", "/api/expedition?client=abc")).statusCode).toBe(400);
  });

  it("status: repeatable list", async () => {
    expect(codes(await list(office, `/api/expedition?${window}&status=998`))).toEqual([
      "FLT-Alpha",
      "FLT-Epsilon",
    ]);
    expect(codes(await list(office, `/api/expedition?${window}&status=2&status=3`))).toEqual([
      "flt-beta",
      "FLT-Gamma",
    ]);
    expect(codes(await list(office, `/api/expedition?${window}&status=4,998`))).toEqual([
      "FLT-100%_Delta",
      "FLT-Alpha",
      "FLT-Epsilon",
    ]);
  });

  it("origin (receptions): contains, case-insensitive; receptions present origin", async () => {
    const page = await list<Reception>(office, `/api/reception?${window}&origin=pamplona`);
    expect(page.results.map((line) => line.code)).toEqual(["FLT-RecOne"]);
    expect(page.results[0]).toMatchObject({ type: 2, origin: "Pamplona Norte", load_empty: null });
    expect(Object.keys(page.results[0] as Reception)).not.toContain("destination");
    expect(codes(await list(office, `/api/reception?${window}`))).toEqual([
      "FLT-RecOne",
      "FLT-RecTwo",
    ]);
  });

  it("pages: 10 by default, count is the total, later pages hold the rest", async () => {
    const first = await list(office, "/api/expedition");
    expect(first.results).toHaveLength(10);
    const all = await list(office, "/api/expedition?page_size=1000");
    expect(first.count).toBe(all.count);
    const second = await list(office, "/api/expedition?page=2");
    expect(second.results.map((line) => line.id)).toEqual(
      all.results.slice(10, 20).map((line) => line.id),
    );
    const small = await list(office, `/api/expedition?${window}&page=2&page_size=2`);
    expect(small.count).toBe(5);
    expect(codes(small)).toEqual(["FLT-Epsilon", "flt-beta"]);
    const beyond = await office("GET", `/api/expedition?${window}&page=9&page_size=2`);
    expect(beyond.statusCode).toBe(404);
    for (const query of ["page=0", "page_size=0", "page_size=1001", "page=x"]) {
      expect((await office("GET", `/api/expedition?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("kl: leaves out issued lines (3) unless show_issued=true or status names 3", async () => {
    const kl = await callerFor(t, "office", ids[KL] as number);
    const issued = await insertLine(t.app.db, ids[KL] as number, 1, { statusId: 3 });
    const other = await insertLine(t.app.db, ids[KL] as number, 1, { statusId: 1 });
    const window2031 = "booked_date_after=2031-01-01&booked_date_before=2031-12-31";
    const shown = async (query: string) =>
      (await list(kl, `/api/expedition?${window2031}${query}`)).results.map((line) => line.id);
    expect(await shown("")).toEqual([other]);
    expect(await shown("&show_issued=true")).toEqual([issued, other]);
    expect(await shown("&status=3")).toEqual([issued]);
    // Other companies show issued lines always.
    expect(codes(await list(office, `/api/expedition?${window}&status=3`))).toEqual(["FLT-Gamma"]);
  });
});

describe("reading one line", () => {
  it("answers the line with its ETag, by its type's path or api/shipment", async () => {
    const exp = await insertLine(t.app.db, plain(), 1, { place: "LISBOA" });
    const rec = await insertLine(t.app.db, plain(), 2, { place: "BRAGA", urgent: true });
    const one = await office("GET", `/api/expedition/${exp}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers.etag).toBe('"1"');
    expect(one.json()).toMatchObject({ id: exp, type: 1, destination: "LISBOA" });
    const other = await office("GET", `/api/reception/${rec}`);
    expect(other.json()).toMatchObject({ id: rec, type: 2, origin: "BRAGA", urgent: true });
    // The other type's path does not know the line.
    expect((await office("GET", `/api/reception/${exp}`)).statusCode).toBe(404);
    expect((await office("GET", `/api/expedition/${rec}`)).statusCode).toBe(404);
    const any = await office("GET", `/api/shipment/${rec}`);
    expect(any.statusCode).toBe(200);
    expect(any.headers.etag).toBe('"1"');
    expect(any.json()).toEqual(other.json());
    expect((await office("GET", `/api/shipment/${exp}`)).json()).toEqual(one.json());
    expect((await office("GET", "/api/shipment/987654")).statusCode).toBe(404);
    expect((await office("GET", "/api/shipment/abc")).statusCode).toBe(400);
  });

  it("computes the timing class", async () => {
    const now = Date.now();
    const line = async (booked: number, arrival: number | null) => {
      const id = await insertLine(t.app.db, plain(), 1, {
        bookedDate: new Date(booked),
        arrivalDate: arrival === null ? null : new Date(arrival),
      });
      return (await office("GET", `/api/expedition/${id}`)).json<Expedition>().timing;
    };
    const minutes = (n: number) => n * 60_000;
    expect(await line(now + minutes(60), null)).toBe("in_time");
    expect(await line(now - minutes(60), null)).toBe("delay");
    expect(await line(now - minutes(60), now - minutes(90))).toBe("forward");
    expect(await line(now - minutes(60), now - minutes(50))).toBe("in_time");
    expect(await line(now - minutes(60), now - minutes(20))).toBe("delay");
  });
});

describe("PATCH: status", () => {
  it("changes the status, clears the reason, bumps the version and writes history", async () => {
    const id = await insertLine(t.app.db, plain(), 1, { statusId: 7 });
    await office("PATCH", `/api/expedition/${id}`, { reason: "SHIPPER" });
    const response = await office("PATCH", `/api/expedition/${id}`, { status: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"3"');
    expect(response.json()).toMatchObject({
      id,
      status: { id: 2, description: "sent", color: "#4caf50" },
      reason: null,
      version: 3,
    });
    const [latest, earlier] = await historyOf(id);
    expect(latest).toMatchObject({
      shipment: id,
      user: { username: "office", first_name: "Olivia", last_name: "Ortega" },
      status: { id: 2 },
      reason: null,
      modified_fields: {
        status: { old: 7, new: 2 },
        reason: { old: "SHIPPER", new: null },
      },
    });
    expect(earlier).toMatchObject({
      status: { id: 7 },
      reason: { code: "SHIPPER", name: "shipper_delay" },
      modified_fields: { reason: { old: null, new: "SHIPPER" } },
    });
    expect((await office("GET", `/api/expedition/${id}`)).json()).toEqual(response.json());
  });

  it("refuses a status of the other type or an unknown one with fields.status", async () => {
    const id = await insertLine(t.app.db, plain(), 1);
    for (const status of [999, 6, 424242]) {
      const response = await office("PATCH", `/api/expedition/${id}`, { status });
      expect(response.statusCode, String(status)).toBe(400);
      expect(response.json().fields).toHaveProperty("status");
    }
    const rec = await insertLine(t.app.db, plain(), 2);
    expect((await office("PATCH", `/api/reception/${rec}`, { status: 6 })).statusCode).toBe(200);
    expect((await office("PATCH", `/api/reception/${rec}`, { status: 2 })).statusCode).toBe(400);
  });

  it("changes nothing (no version, no history) when the status is the current one", async () => {
    const id = await insertLine(t.app.db, plain(), 1);
    const response = await office("PATCH", `/api/expedition/${id}`, { status: 998 });
    expect(response.json()).toMatchObject({ version: 1 });
    expect(await historyOf(id)).toEqual([]);
  });
});

describe("PATCH: reason", () => {
  it("sets a reason of the current status by code, or clears it with null", async () => {
    const id = await insertLine(t.app.db, plain(), 1, { statusId: 4 });
    const set = await office("PATCH", `/api/expedition/${id}`, { reason: "DAMAGED" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().reason).toEqual({
      id: expect.any(Number),
      code: "DAMAGED",
      name: "damaged_goods",
    });
    const change = await office("PATCH", `/api/expedition/${id}`, { reason: "DOCS" });
    expect(change.json().reason.code).toBe("DOCS");
    const clear = await office("PATCH", `/api/expedition/${id}`, { reason: null });
    expect(clear.json()).toMatchObject({ reason: null, version: 4 });
    expect((await historyOf(id)).map((entry) => entry.modified_fields.reason)).toEqual([
      { old: "DOCS", new: null },
      { old: "DAMAGED", new: "DOCS" },
      { old: null, new: "DAMAGED" },
    ]);
  });

  it("refuses a reason that does not belong to the current status with fields.reason", async () => {
    const id = await insertLine(t.app.db, plain(), 1, { statusId: 4 });
    // SHIPPER is a reason of 7 (delay), not of 4; 998 has no reasons at all.
    for (const reason of ["SHIPPER", "NOPE"]) {
      const response = await office("PATCH", `/api/expedition/${id}`, { reason });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "validation_error",
        fields: { reason: [expect.any(String)] },
      });
    }
    const pending = await insertLine(t.app.db, plain(), 1);
    const none = await office("PATCH", `/api/expedition/${pending}`, { reason: "DAMAGED" });
    expect(none.statusCode).toBe(400);
    expect(await historyOf(id)).toEqual([]);
  });
});

describe("PATCH: shipper (truck)", () => {
  it("assigns a truck of the company and unassigns it, with plates in the history", async () => {
    const [first, second] = await truckIds(t.app.db, plain());
    const [truck] = await t.app.db
      .select()
      .from(shippers)
      .where(eq(shippers.id, first as number));
    const id = await insertLine(t.app.db, plain(), 2);
    const assign = await office("PATCH", `/api/reception/${id}`, { shipper: first });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().shipper).toEqual({
      id: first,
      name: truck?.name,
      phone: truck?.phone,
      plate: truck?.plate,
    });
    await office("PATCH", `/api/reception/${id}`, { shipper: second });
    const unassign = await office("PATCH", `/api/reception/${id}`, { shipper: null });
    expect(unassign.json()).toMatchObject({ shipper: null, version: 4 });
    const history = await historyOf(id);
    expect(history).toHaveLength(3);
    expect(history[2]?.modified_fields).toEqual({ shipper: { old: null, new: truck?.plate } });
    expect(history[0]?.modified_fields.shipper?.new).toBeNull();
  });

  it("refuses a truck of another company or an unknown one with fields.shipper", async () => {
    const [foreign] = await truckIds(t.app.db, ids[KL] as number);
    const id = await insertLine(t.app.db, plain(), 1);
    for (const shipper of [foreign, 987654]) {
      const response = await office("PATCH", `/api/expedition/${id}`, { shipper });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty("shipper");
    }
  });
});

describe("PATCH body", () => {
  it("takes exactly one of status, reason or shipper", async () => {
    const id = await insertLine(t.app.db, plain(), 1);
    for (const body of [{}, { status: 2, reason: "DOCS" }, { code: "X" }, { status: "two" }]) {
      const response = await office("PATCH", `/api/expedition/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("validation_error");
    }
    expect((await office("PATCH", "/api/expedition/987654", { status: 2 })).statusCode).toBe(404);
  });
});

describe("If-Match", () => {
  it("accepts the current ETag and answers 412 with the current line for a stale one", async () => {
    const id = await insertLine(t.app.db, plain(), 1);
    const ok = await office(
      "PATCH",
      `/api/expedition/${id}`,
      { status: 10 },
      { "if-match": '"1"' },
    );
    expect(ok.statusCode).toBe(200);
    const current = ok.json<Expedition>();
    const stale = await office(
      "PATCH",
      `/api/expedition/${id}`,
      { status: 1 },
      { "if-match": '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe('"2"');
    const body = stale.json();
    expect(body).toMatchObject({ code: "precondition_failed", message: expect.any(String) });
    expect({ ...body.current, timing: current.timing }).toEqual(current);
    // Who wrote the version that won: the sync issue of a refused offline change names them.
    expect(body.changed_by).toBe("office");
    const staleDelete = await office("DELETE", `/api/expedition/${id}`, undefined, {
      "if-match": '"1"',
    });
    expect(staleDelete.statusCode).toBe(412);
    expect(staleDelete.json().current.version).toBe(2);
    expect((await office("GET", `/api/expedition/${id}`)).json().status.id).toBe(10);
    expect(await historyOf(id)).toHaveLength(1);
    const garbage = await office(
      "PATCH",
      `/api/expedition/${id}`,
      { status: 1 },
      { "if-match": "yesterday" },
    );
    expect(garbage.statusCode).toBe(400);
  });

  it("lets exactly one of two concurrent changes based on the same version win", async () => {
    const id = await insertLine(t.app.db, plain(), 1);
    const answers = await Promise.all(
      [10, 1].map((status) =>
        office("PATCH", `/api/expedition/${id}`, { status }, { "if-match": '"1"' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    expect(await historyOf(id)).toHaveLength(1);
  });

  it("without If-Match, concurrent changes are applied one after the other", async () => {
    const id = await insertLine(t.app.db, plain(), 1, { statusId: 4 });
    const [truck] = await truckIds(t.app.db, plain());
    const answers = await Promise.all([
      office("PATCH", `/api/expedition/${id}`, { reason: "DOCS" }),
      office("PATCH", `/api/expedition/${id}`, { shipper: truck }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const final = (await office("GET", `/api/expedition/${id}`)).json<Expedition>();
    expect(final).toMatchObject({ version: 3, reason: { code: "DOCS" }, shipper: { id: truck } });
    expect(await historyOf(id)).toHaveLength(2);
  });
});

describe("DELETE", () => {
  it("marks the line deleted (204): gone from reads and lists, kept with its history", async () => {
    const id = await insertLine(t.app.db, plain(), 2, { code: "DEL-ME-2031" });
    const response = await office("DELETE", `/api/reception/${id}`, undefined, {
      "if-match": '"1"',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    for (const url of [
      `/api/reception/${id}`,
      `/api/shipment/${id}`,
      `/api/historic?shipment=${id}`,
    ]) {
      expect((await office("GET", url)).statusCode, url).toBe(404);
    }
    expect((await list(office, "/api/reception?code=DEL-ME-2031")).count).toBe(0);
    expect((await office("DELETE", `/api/reception/${id}`)).statusCode).toBe(404);
    expect((await office("PATCH", `/api/reception/${id}`, { status: 6 })).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(shipments).where(eq(shipments.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.version).toBe(2);
    const history = await t.app.db
      .select()
      .from(shipmentHistory)
      .where(eq(shipmentHistory.shipmentId, id));
    expect(history.map((entry) => Object.keys(entry.modifiedFields))).toEqual([["deleted"]]);
  });

  it("deletes only by the line's own type path", async () => {
    const id = await insertLine(t.app.db, plain(), 1);
    expect((await office("DELETE", `/api/reception/${id}`)).statusCode).toBe(404);
    expect((await office("DELETE", `/api/expedition/${id}`)).statusCode).toBe(204);
  });
});

describe("GET /api/historic", () => {
  it("answers {count, results}, newest first, with the user; requires shipment", async () => {
    const id = await insertLine(t.app.db, plain(), 1);
    const admin = await callerFor(t, "admin", plain());
    await admin("PATCH", `/api/expedition/${id}`, { status: 10 });
    await office("PATCH", `/api/expedition/${id}`, { status: 1 });
    const page = await list<HistoryEntry>(office, `/api/historic?shipment=${id}`);
    expect(page.count).toBe(2);
    expect(page.results.map((entry) => entry.user?.username)).toEqual(["office", "admin"]);
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      shipment: id,
      created: expect.any(String),
      user: {
        id: expect.any(Number),
        username: "office",
        first_name: "Olivia",
        last_name: "Ortega",
      },
      status: { id: 1, description: "ready_to_sent", color: "#3f51b5" },
      reason: null,
      modified_fields: { status: { old: 10, new: 1 } },
    });
    const paged = await list<HistoryEntry>(
      office,
      `/api/historic?shipment=${id}&page_size=1&page=2`,
    );
    expect(paged.results.map((entry) => entry.user?.username)).toEqual(["admin"]);
    expect((await office("GET", "/api/historic")).statusCode).toBe(400);
    expect((await office("GET", "/api/historic?shipment=987654")).statusCode).toBe(404);
  });
});

describe("client scoping", () => {
  it("a client user sees and touches only its clients' lines; others answer 404", async () => {
    const db = t.app.db;
    const client = await callerFor(t, "client", plain());
    const acme = await clientId(db, plain(), "ACME FOODS");
    const iberia = await clientId(db, plain(), "IBERIA PHARMA");
    const mine = await insertLine(db, plain(), 1, { clientId: acme, code: "SCOPE-2031-A" });
    const theirs = await insertLine(db, plain(), 1, { clientId: iberia, code: "SCOPE-2031-B" });
    const orphan = await insertLine(db, plain(), 1, { clientId: null, code: "SCOPE-2031-C" });

    const page = await list(client, "/api/expedition?code=SCOPE-2031");
    expect(page.results.map((line) => line.id)).toEqual([mine]);
    // Asking for another client's lines by filter finds nothing either.
    expect((await list(client, `/api/expedition?client=${iberia}`)).count).toBe(0);
    const all = await list(client, "/api/expedition?page_size=1000&show_issued=true");
    const allowed = new Set(["ACME FOODS", "NORTE RETAIL"]);
    expect(all.results.every((line) => allowed.has(line.client?.description ?? ""))).toBe(true);

    expect((await client("GET", `/api/expedition/${mine}`)).statusCode).toBe(200);
    for (const id of [theirs, orphan]) {
      expect((await client("GET", `/api/expedition/${id}`)).statusCode).toBe(404);
      expect((await client("GET", `/api/shipment/${id}`)).statusCode).toBe(404);
      expect((await client("PATCH", `/api/expedition/${id}`, { shipper: null })).statusCode).toBe(
        404,
      );
      // Client users delete nothing (src/shared/roles.md): refused before any lookup.
      expect((await client("DELETE", `/api/expedition/${id}`)).statusCode).toBe(403);
    }
    // The client role may assign trucks (editExp) on its own lines.
    const [truck] = await truckIds(db, plain());
    const assigned = await client("PATCH", `/api/expedition/${mine}`, { shipper: truck });
    expect(assigned.statusCode, assigned.body).toBe(200);
  });

  it("history is scoped the same way for a limited user who may see history", async () => {
    const db = t.app.db;
    const [mexico] = await db.select().from(users).where(eq(users.username, "mexico"));
    const acme = await clientId(db, plain(), "ACME FOODS");
    const iberia = await clientId(db, plain(), "IBERIA PHARMA");
    await db.insert(userClients).values({ userId: mexico?.id as number, clientId: acme });
    const limited = await callerFor(t, "mexico", plain());
    const mine = await insertLine(db, plain(), 2, { clientId: acme });
    const theirs = await insertLine(db, plain(), 2, { clientId: iberia });
    expect((await limited("GET", `/api/historic?shipment=${mine}`)).statusCode).toBe(200);
    expect((await limited("GET", `/api/historic?shipment=${theirs}`)).statusCode).toBe(404);
    expect((await limited("PATCH", `/api/reception/${theirs}`, { status: 6 })).statusCode).toBe(
      404,
    );
    expect((await limited("PATCH", `/api/reception/${mine}`, { status: 6 })).statusCode).toBe(200);
    const { results } = await list<Reception>(limited, "/api/reception?page_size=1000");
    expect(results.every((line) => line.client?.id === acme)).toBe(true);
    await db
      .delete(userClients)
      .where(and(eq(userClients.userId, mexico?.id as number), eq(userClients.clientId, acme)));
  });
});

describe("cross-company isolation", () => {
  it("a line of one company is invisible and untouchable from another, even for admin", async () => {
    const id = await insertLine(t.app.db, plain(), 1, { code: "ISOLATED-2031", statusId: 4 });
    for (const username of ["admin", "office"]) {
      const foreign = await callerFor(t, username, ids[KL] as number);
      for (const url of [
        `/api/expedition/${id}`,
        `/api/shipment/${id}`,
        `/api/historic?shipment=${id}`,
      ]) {
        expect((await foreign("GET", url)).statusCode, url).toBe(404);
      }
      expect((await foreign("PATCH", `/api/expedition/${id}`, { status: 2 })).statusCode).toBe(404);
      expect((await foreign("PATCH", `/api/expedition/${id}`, { reason: "DOCS" })).statusCode).toBe(
        404,
      );
      // office in a trw company may not delete at all (403 before any line is looked at).
      const deletes = can([username === "admin" ? "admin" : "office"], "deleteExp", true);
      expect((await foreign("DELETE", `/api/expedition/${id}`)).statusCode).toBe(
        deletes ? 404 : 403,
      );
      expect((await list(foreign, "/api/expedition?code=ISOLATED")).count).toBe(0);
    }
    const [row] = await t.app.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.id, id), isNull(shipments.deletedAt)));
    expect(row).toMatchObject({ version: 1, statusId: 4 });
  });

  it("requires authentication", async () => {
    for (const url of ["/api/expedition", "/api/reception", "/api/status", "/api/reason"]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});

describe("OpenAPI", () => {
  it("documents every shipment, status and history route", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/json" })).json();
    const expected: Record<string, string[]> = {
      "/api/expedition": ["get"],
      "/api/expedition/{id}": ["get", "patch", "delete"],
      "/api/reception": ["get"],
      "/api/reception/{id}": ["get", "patch", "delete"],
      "/api/shipment/{id}": ["get"],
      "/api/historic": ["get"],
      "/api/status": ["get"],
      "/api/reason": ["get"],
    };
    for (const [path, methods] of Object.entries(expected)) {
      for (const method of methods) {
        const operation = doc.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation.summary, `${method} ${path}`).toEqual(expect.any(String));
        expect(operation.description, `${method} ${path}`).toEqual(expect.any(String));
        expect(Object.keys(operation.responses).length).toBeGreaterThan(2);
      }
    }
    expect(doc.paths["/api/status"].get.description).toContain("998 in_preparation");
    const patch = doc.paths["/api/expedition/{id}"].patch;
    expect(patch.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["id", "company", "if-match", "idempotency-key"]),
    );
    expect(Object.keys(patch.responses)).toEqual(
      expect.arrayContaining(["200", "400", "403", "404", "409", "412", "422"]),
    );
    const query = doc.paths["/api/reception"].get.parameters.map((p: { name: string }) => p.name);
    expect(query).toEqual(
      expect.arrayContaining([
        "page",
        "page_size",
        "booked_date_after",
        "booked_date_before",
        "code",
        "route_plate",
        "info_shipper",
        "client",
        "status",
        "origin",
      ]),
    );
  });
});
