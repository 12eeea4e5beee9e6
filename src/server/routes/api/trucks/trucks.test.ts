import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { listOf } from "../../../../shared/contract/paging";
import { Shipper } from "../../../../shared/contract/trucks";
import { BW, KL, PLAIN, TRW } from "../../../db/demo-data";
import { DEMO_TRUCKS_PER_COMPANY } from "../../../db/demo-trucks";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { inContract } from "../../../test/contract";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
const ids: Record<string, number> = {};
let office: Caller;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [PLAIN, TRW, KL, BW]) ids[name] = await t.companyId(name);
  office = await callerFor(t, "office", ids[BW] as number);
});
afterAll(async () => {
  await t?.close();
});

const TruckList = listOf(Shipper);
type List = z.output<typeof TruckList>;

/** The lists are sent as built, unchecked (index.ts): each answer is parsed with the contract. */
const list = async (caller: Caller, query: string) => {
  const response = await caller("GET", `/api/shipper?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return inContract(TruckList, response.json());
};

describe("demo seed", () => {
  it("gives every demo company its trucks, newest arrival first", async () => {
    for (const name of [PLAIN, TRW, KL, BW]) {
      const admin = await callerFor(t, "admin", ids[name] as number);
      const page = await list(admin, "page_size=100");
      expect(page.count, name).toBe(DEMO_TRUCKS_PER_COMPANY);
      expect(page.results.every((truck) => truck.company === ids[name])).toBe(true);
      const dates = page.results.map((truck) => truck.register_date);
      const firstNull = dates.indexOf(null);
      expect(firstNull).toBeGreaterThan(0);
      expect(dates.slice(firstNull).every((date) => date === null)).toBe(true);
      const known = dates.slice(0, firstNull) as string[];
      expect(known).toEqual([...known].sort().reverse());
    }
  });
});

describe("POST /api/shipper", () => {
  it("creates a truck: plate as typed (upper case), name upper case, phone in E.164, ETag and Location", async () => {
    const before = Date.now();
    const response = await office("POST", "/api/shipper", {
      plate: " 4321-bcd ",
      name: "Transportes Crud",
      capacity_load: 24000,
      phone: "612 34 56 78",
      country_code: "es",
    });
    expect(response.statusCode, response.body).toBe(201);
    const truck = response.json<Shipper>();
    expect(truck).toEqual({
      id: expect.any(Number),
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      company: ids[BW],
      plate: "4321-BCD",
      name: "TRANSPORTES CRUD",
      capacity_load: 24000,
      phone: "+34612345678",
      country_code: "ES",
      register_date: expect.any(String),
      expedition_date: null,
      version: 1,
    });
    expect(Date.parse(truck.register_date ?? "")).toBeGreaterThanOrEqual(before - 1000);
    expect(response.headers.etag).toBe('"1"');
    expect(response.headers.location).toBe(`/api/shipper/${truck.id}`);
    const read = await office("GET", `/api/shipper/${truck.id}`);
    expect(read.json()).toEqual(truck);
    expect(read.headers.etag).toBe('"1"');
  });

  it("keeps capacity_load and phone null when empty, and a given arrival", async () => {
    const omitted = await office.create({ plate: uniquePlate("NUL"), name: "Sin Carga" });
    expect(omitted).toMatchObject({ capacity_load: null, phone: null, country_code: null });
    const explicit = await office.create({
      plate: uniquePlate("NUL"),
      name: "Sin Carga",
      capacity_load: null,
      phone: "",
      country_code: "PT",
      register_date: null,
    });
    expect(explicit).toMatchObject({
      capacity_load: null,
      phone: null,
      country_code: "PT",
      register_date: null,
    });
    const dated = await office.create({
      plate: uniquePlate("NUL"),
      name: "Con Fecha",
      register_date: "2031-01-02T03:04:05+01:00",
    });
    expect(dated.register_date).toBe("2031-01-02T02:04:05.000Z");
  });

  it("reads an international phone's country from the number", async () => {
    const pt = await office.create({
      plate: uniquePlate("PHN"),
      name: "Lusa",
      phone: "+351 912 345 678",
    });
    expect(pt).toMatchObject({ phone: "+351912345678", country_code: "PT" });
    const mx = await office.create({
      plate: uniquePlate("PHN"),
      name: "Bajio",
      phone: "55 1234 5678",
      country_code: "mx",
    });
    expect(mx).toMatchObject({ phone: "+525512345678", country_code: "MX" });
  });

  it("refuses an invalid phone, plate, name or capacity with field errors", async () => {
    const phone = await office("POST", "/api/shipper", {
      plate: uniquePlate("BAD"),
      name: "X",
      phone: "123",
      country_code: "ES",
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({
      code: "validation_error",
      fields: { phone: ["Not a valid phone number for this country"] },
    });
    const fields = await office("POST", "/api/shipper", {
      plate: " - ",
      name: "   ",
      capacity_load: -1,
      country_code: "ESP",
    });
    expect(fields.statusCode).toBe(400);
    expect(Object.keys(fields.json().fields).sort()).toEqual([
      "capacity_load",
      "country_code",
      "name",
      "plate",
    ]);
    const text = await office("POST", "/api/shipper", {
      plate: uniquePlate("BAD"),
      name: "X",
      capacity_load: "12000",
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().fields).toHaveProperty("capacity_load");
    const missing = await office("POST", "/api/shipper", {});
    expect(Object.keys(missing.json().fields).sort()).toEqual(["name", "plate"]);
  });

  it("takes the company from the request, never from the body", async () => {
    const truck = await office.create({
      plate: uniquePlate("CMP"),
      name: "Elsewhere",
      company: ids[KL],
      id: 999_999,
      version: 77,
    });
    expect(truck.company).toBe(ids[BW]);
    expect(truck.version).toBe(1);
    expect(truck.id).not.toBe(999_999);
  });
});

describe("plate uniqueness", () => {
  it("answers 409 conflict with fields.plate for a plate the company already has", async () => {
    const plate = uniquePlate("DUP");
    await office.create({ plate, name: "First" });
    const spelled = `${plate.slice(0, 3).toLowerCase()} ${plate.slice(3)}`;
    for (const again of [plate, spelled, `${plate.slice(0, 3)}-${plate.slice(3)}`]) {
      const response = await office("POST", "/api/shipper", { plate: again, name: "Second" });
      expect(response.statusCode, again).toBe(409);
      expect(response.json()).toEqual({
        code: "conflict",
        message: expect.any(String),
        fields: { plate: ["A truck with this plate already exists"] },
        field_codes: { plate: [{ code: "not_unique" }] },
      });
    }
    // Another company may have the same plate.
    const kl = await callerFor(t, "office", ids[KL] as number);
    expect((await kl.create({ plate, name: "Other Company" })).plate).toBe(plate);
  });

  it("keeps the plate as typed; duplicates, filters and lookups compare it without separators", async () => {
    const key = uniquePlate("KEP");
    const typed = `${key.slice(0, 4).toLowerCase()}-${key.slice(4)}`;
    const truck = await office.create({ plate: ` ${typed} `, name: "Kept" });
    expect(truck.plate).toBe(typed.toUpperCase());
    const spaced = `${key.slice(0, 4)}  ${key.slice(4)}`;
    expect((await office("POST", "/api/shipper", { plate: spaced, name: "Twin" })).statusCode).toBe(
      409,
    );
    for (const query of [key, spaced, typed]) {
      const found = await list(office, `plate=${encodeURIComponent(query)}`);
      expect(
        found.results.map((row) => row.id),
        query,
      ).toEqual([truck.id]);
    }
    const auto = await office("GET", `/api/shipper/autocomplete_plate?plate=${key.slice(0, 5)}`);
    expect(auto.json<Shipper[]>().map((row) => row.plate)).toContain(typed.toUpperCase());
  });

  it("is race-safe: of simultaneous sign-ups with one plate, exactly one succeeds", async () => {
    const plate = uniquePlate("RACE");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        office("POST", "/api/shipper", { plate, name: `Racer ${index}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await list(office, `plate=${plate}`)).count).toBe(1);
  });

  it("also answers 409 when an update takes another truck's plate", async () => {
    const taken = await office.create({ plate: uniquePlate("TKN"), name: "Owner" });
    const other = await office.create({ plate: uniquePlate("TKN"), name: "Other" });
    const put = await office("PUT", `/api/shipper/${other.id}`, {
      plate: taken.plate,
      name: "Other",
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().fields).toEqual({ plate: ["A truck with this plate already exists"] });
    const patch = await office("PATCH", `/api/shipper/${other.id}`, { plate: taken.plate });
    expect(patch.statusCode).toBe(409);
    const unchanged = (await office("GET", `/api/shipper/${other.id}`)).json<Shipper>();
    expect(unchanged).toEqual(other);
  });
});

describe("GET /api/shipper/:id", () => {
  it("answers 400 for an id that is not a positive integer, 404 for an unknown one", async () => {
    for (const bad of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const response = await office("GET", `/api/shipper/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().fields).toHaveProperty("id");
    }
    const missing = await office("GET", "/api/shipper/987654");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: "not_found", message: "Not found" });
  });
});

describe("PUT /api/shipper/:id", () => {
  it("replaces the registry fields, keeps the dates unless named, bumps the version", async () => {
    const truck = await office.create({
      plate: uniquePlate("PUT"),
      name: "Before",
      capacity_load: 1000,
      phone: "+34622113344",
      register_date: "2031-02-01T08:00:00Z",
    });
    const response = await office("PUT", `/api/shipper/${truck.id}`, {
      plate: truck.plate,
      name: "after",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    expect(response.json()).toEqual({
      ...truck,
      name: "AFTER",
      capacity_load: null,
      phone: null,
      country_code: null,
      version: 2,
    });
    const dated = await office("PUT", `/api/shipper/${truck.id}`, {
      plate: truck.plate,
      name: "after",
      expedition_date: "2031-02-01T12:00:00Z",
    });
    expect(dated.json()).toMatchObject({
      register_date: "2031-02-01T08:00:00.000Z",
      expedition_date: "2031-02-01T12:00:00.000Z",
      version: 3,
    });
  });

  it("answers 404 for an unknown truck and validates the body", async () => {
    const missing = await office("PUT", "/api/shipper/987654", { plate: "ZZ99", name: "X" });
    expect(missing.statusCode).toBe(404);
    const truck = await office.create({ plate: uniquePlate("PUT"), name: "Valid" });
    const invalid = await office("PUT", `/api/shipper/${truck.id}`, { plate: truck.plate });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toHaveProperty("name");
  });
});

describe("PATCH /api/shipper/:id", () => {
  it("changes only the named fields, validated together with the stored ones", async () => {
    const truck = await office.create({
      plate: uniquePlate("PAT"),
      name: "Partial",
      capacity_load: 12000,
      phone: "+34655876543",
    });
    const renamed = await office("PATCH", `/api/shipper/${truck.id}`, { name: "renamed" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...truck, name: "RENAMED", version: 2 });
    expect(renamed.headers.etag).toBe('"2"');
    // A national number is read in the stored country (ES).
    const phone = await office("PATCH", `/api/shipper/${truck.id}`, { phone: "699 00 11 22" });
    expect(phone.json()).toMatchObject({ phone: "+34699001122", country_code: "ES", version: 3 });
    const invalid = await office("PATCH", `/api/shipper/${truck.id}`, { phone: "12" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toHaveProperty("phone");
    const cleared = await office("PATCH", `/api/shipper/${truck.id}`, {
      phone: null,
      capacity_load: null,
    });
    expect(cleared.json()).toMatchObject({ phone: null, capacity_load: null, version: 4 });
    const empty = await office("PATCH", `/api/shipper/${truck.id}`, {});
    expect(empty.json()).toMatchObject({ name: "RENAMED", version: 5 });
  });

  it("answers 404 for an unknown truck", async () => {
    expect((await office("PATCH", "/api/shipper/987654", { name: "x" })).statusCode).toBe(404);
  });
});

describe("If-Match", () => {
  it("accepts the current ETag and answers 412 with the current row for a stale one", async () => {
    const truck = await office.create({ plate: uniquePlate("ETG"), name: "Versioned" });
    const ok = await office(
      "PATCH",
      `/api/shipper/${truck.id}`,
      { name: "v2" },
      { "if-match": '"1"' },
    );
    expect(ok.statusCode).toBe(200);
    const current = ok.json<Shipper>();
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const body = method === "DELETE" ? undefined : { plate: truck.plate, name: "stale" };
      const stale = await office(method, `/api/shipper/${truck.id}`, body, { "if-match": '"1"' });
      expect(stale.statusCode, method).toBe(412);
      expect(stale.json()).toEqual({
        code: "precondition_failed",
        message: expect.any(String),
        current,
        // The truck names its writer (updated_by), though the PATCH carried no Idempotency-Key.
        changed_by: "office",
      });
      expect(stale.headers.etag).toBe('"2"');
    }
    expect((await office("GET", `/api/shipper/${truck.id}`)).json()).toEqual(current);
  });

  it("names who wrote the winning version (changed_by), with or without an Idempotency-Key", async () => {
    const admin = await callerFor(t, "admin", ids[BW] as number);
    const created = await office(
      "PUT",
      `/api/shipper/uid/${crypto.randomUUID()}`,
      {
        plate: uniquePlate("CHB"),
        name: "Made by office",
      },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(created.statusCode, created.body).toBe(201);
    const truck = created.json<Shipper>();
    const staleOn = async (version: number) =>
      (
        await office(
          "PUT",
          `/api/shipper/${truck.id}`,
          { plate: truck.plate, name: "late" },
          {
            "if-match": `"${version - 1}"`,
          },
        )
      ).json<{ changed_by: string | null; current: Shipper }>();
    // The creation (location names the truck) is the office's; an edit is its author's.
    expect(
      (
        await office(
          "PUT",
          `/api/shipper/${truck.id}`,
          { plate: truck.plate, name: "x" },
          {
            "if-match": '"0"',
          },
        )
      ).json(),
    ).toMatchObject({ changed_by: "office", current: { version: 1 } });
    // Sent without an Idempotency-Key: still named (the truck's updated_by, issue 24).
    const edit = await admin(
      "PUT",
      `/api/shipper/${truck.id}`,
      { plate: truck.plate, name: "By admin" },
      { "if-match": '"1"' },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await staleOn(2)).toMatchObject({ changed_by: "admin", current: { name: "BY ADMIN" } });
    const deleted = await office("DELETE", `/api/shipper/${truck.id}`, undefined, {
      "if-match": '"1"',
    });
    expect(deleted.json()).toMatchObject({ changed_by: "admin" });
  });

  it("accepts weak tags, bare numbers, lists and *; refuses garbage with 400", async () => {
    const truck = await office.create({ plate: uniquePlate("ETG"), name: "Tags" });
    const tries: [string, number][] = [
      ['W/"1"', 2],
      ["2", 3],
      ['"9", "3"', 4],
      ["*", 5],
    ];
    for (const [header, version] of tries) {
      const response = await office(
        "PATCH",
        `/api/shipper/${truck.id}`,
        { name: "x" },
        { "if-match": header },
      );
      expect(response.statusCode, header).toBe(200);
      expect(response.json().version).toBe(version);
    }
    const garbage = await office(
      "PATCH",
      `/api/shipper/${truck.id}`,
      { name: "x" },
      { "if-match": "yesterday" },
    );
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().fields).toHaveProperty("if-match");
  });

  it("lets exactly one of two concurrent edits based on the same version win", async () => {
    const truck = await office.create({ plate: uniquePlate("ETG"), name: "Contested" });
    const [a, b] = await Promise.all(
      ["left", "right"].map((name) =>
        office("PATCH", `/api/shipper/${truck.id}`, { name }, { "if-match": '"1"' }),
      ),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 412]);
    const final = (await office("GET", `/api/shipper/${truck.id}`)).json<Shipper>();
    expect(final.version).toBe(2);
    expect(["LEFT", "RIGHT"]).toContain(final.name);
  });

  it("without If-Match, concurrent patches of different fields are both kept", async () => {
    const truck = await office.create({ plate: uniquePlate("ETG"), name: "Merge" });
    const answers = await Promise.all([
      office("PATCH", `/api/shipper/${truck.id}`, { name: "merged" }),
      office("PATCH", `/api/shipper/${truck.id}`, { capacity_load: 5000 }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const final = (await office("GET", `/api/shipper/${truck.id}`)).json<Shipper>();
    expect(final).toMatchObject({ name: "MERGED", capacity_load: 5000, version: 3 });
  });
});

describe("DELETE /api/shipper/:id", () => {
  it("deletes the truck (204), after which it is gone", async () => {
    const truck = await office.create({ plate: uniquePlate("DEL"), name: "Leaving" });
    const response = await office("DELETE", `/api/shipper/${truck.id}`, undefined, {
      "if-match": '"1"',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await office("GET", `/api/shipper/${truck.id}`)).statusCode).toBe(404);
    expect((await office("DELETE", `/api/shipper/${truck.id}`)).statusCode).toBe(404);
    // The plate is free again.
    expect((await office.create({ plate: truck.plate, name: "Back" })).plate).toBe(truck.plate);
  });
});

describe("GET /api/shipper filters and paging", () => {
  let trucks: Shipper[] = [];

  beforeAll(async () => {
    const at = (iso: string | null) => ({ register_date: iso });
    const specs = [
      { name: "Filtro Alfa", ...at("2031-05-10T10:00:00Z") },
      { name: "FILTRO beta", ...at("2031-05-10T23:59:30Z") },
      { name: "Filtro Gamma", ...at("2031-05-11T00:00:00Z") },
      { name: "Filtro 100% Delta", ...at("2031-05-09T08:00:00Z") },
      { name: "Filtro_Epsilon", ...at(null) },
    ];
    trucks = [];
    for (const spec of specs) {
      trucks.push(await office.create({ plate: uniquePlate("FLT"), ...spec }));
    }
  });

  const names = (page: List) => page.results.map((truck) => truck.name);

  it("filters by name: contains, case-insensitive, wildcards taken literally", async () => {
    expect(names(await list(office, "name=filtro"))).toEqual([
      "FILTRO GAMMA",
      "FILTRO BETA",
      "FILTRO ALFA",
      "FILTRO 100% DELTA",
      "FILTRO_EPSILON",
    ]);
    expect(names(await list(office, "name=%20alfa%20"))).toEqual(["FILTRO ALFA"]);
    expect(names(await list(office, `name=${encodeURIComponent("100%")}`))).toEqual([
      "FILTRO 100% DELTA",
    ]);
    expect(names(await list(office, "name=o_e"))).toEqual(["FILTRO_EPSILON"]);
    expect((await list(office, "name=nobody-has-this")).count).toBe(0);
  });

  it("filters by plate: contains, normalised like the stored plates", async () => {
    const plate = trucks[2]?.plate ?? "";
    const typed = `${plate.slice(0, 2).toLowerCase()} -${plate.slice(2)}`;
    expect(names(await list(office, `plate=${encodeURIComponent(typed)}`))).toEqual([
      "FILTRO GAMMA",
    ]);
    expect((await list(office, "plate=FLT")).count).toBe(5);
  });

  it("filters by arrival with inclusive bounds (minute, day, ISO with offset)", async () => {
    const range = (query: string) => list(office, `name=filtro&${query}`).then(names);
    expect(await range("register_date_after=2031-05-10T10:00")).toEqual([
      "FILTRO GAMMA",
      "FILTRO BETA",
      "FILTRO ALFA",
    ]);
    expect(await range("register_date_after=2031-05-10T10:01")).toEqual([
      "FILTRO GAMMA",
      "FILTRO BETA",
    ]);
    expect(await range("register_date_before=2031-05-10T10:00")).toEqual([
      "FILTRO ALFA",
      "FILTRO 100% DELTA",
    ]);
    expect(await range("register_date_before=2031-05-10T09:59")).toEqual(["FILTRO 100% DELTA"]);
    expect(
      await range("register_date_after=2031-05-10T00:00&register_date_before=2031-05-10T23:59"),
    ).toEqual(["FILTRO BETA", "FILTRO ALFA"]);
    expect(await range("register_date_after=2031-05-10&register_date_before=2031-05-10")).toEqual([
      "FILTRO BETA",
      "FILTRO ALFA",
    ]);
    const offset = encodeURIComponent("2031-05-10T12:00+02:00");
    expect(await range(`register_date_after=${offset}&register_date_before=${offset}`)).toEqual([
      "FILTRO ALFA",
    ]);
  });

  it("refuses malformed or impossible date bounds with field errors", async () => {
    for (const bad of ["yesterday", "2031-13-45T10:00", "10/05/2031", "2031-02-30"]) {
      const response = await office("GET", `/api/shipper?register_date_after=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().fields).toHaveProperty("register_date_after");
    }
  });

  it("pages: 10 by default, page 2 holds the rest, count is the total", async () => {
    const plates = [];
    for (let index = 0; index < 12; index++) {
      const truck = await office.create({
        plate: uniquePlate("PGN"),
        name: "Paged Carrier",
        register_date: `2030-01-01T${String(index).padStart(2, "0")}:00:00Z`,
      });
      plates.push(truck.plate);
    }
    const first = await list(office, "name=paged%20carrier");
    expect(first.count).toBe(12);
    expect(first.results.map((truck) => truck.plate)).toEqual(plates.slice(2).reverse());
    const second = await list(office, "name=paged%20carrier&page=2");
    expect(second).toMatchObject({ count: 12 });
    expect(second.results.map((truck) => truck.plate)).toEqual([plates[1], plates[0]]);
    const small = await list(office, "name=paged%20carrier&page=3&page_size=5");
    expect(small.results.map((truck) => truck.plate)).toEqual([plates[1], plates[0]]);
    expect((await office("GET", "/api/shipper?name=paged%20carrier&page=9")).statusCode).toBe(404);
  });

  it("refuses absurd paging with field errors", async () => {
    for (const [query, field] of [
      ["page_size=0", "page_size"],
      ["page_size=1001", "page_size"],
      ["page=0", "page"],
      ["page=abc", "page"],
    ] as const) {
      const response = await office("GET", `/api/shipper?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields, query).toHaveProperty(field);
    }
  });

  it("orders by arrival, newest first, trucks never registered last, then newest id", async () => {
    const twins = [];
    for (let index = 0; index < 2; index++) {
      twins.push(
        await office.create({
          plate: uniquePlate("ORD"),
          name: "Ordered Twin",
          register_date: "2030-06-01T00:00:00Z",
        }),
      );
    }
    const never = await office.create({
      plate: uniquePlate("ORD"),
      name: "Ordered Twin",
      register_date: null,
    });
    const later = await office.create({
      plate: uniquePlate("ORD"),
      name: "Ordered Twin",
      register_date: "2030-06-02T00:00:00Z",
    });
    const ids = (await list(office, "name=ordered%20twin")).results.map((truck) => truck.id);
    expect(ids).toEqual([later.id, twins[1]?.id, twins[0]?.id, never.id]);
  });
});

describe("GET /api/shipper/available", () => {
  it("lists the trucks on site: arrived and not left since", async () => {
    const make = (name: string, register: string | null, departure: string | null) =>
      office.create({
        plate: uniquePlate("AVL"),
        name,
        register_date: register,
        expedition_date: departure,
      });
    const onSite = await make("Avail On Site", "2031-03-01T08:00:00Z", null);
    const back = await make("Avail Back Again", "2031-03-02T08:00:00Z", "2031-03-01T09:00:00Z");
    const left = await make("Avail Gone", "2031-03-01T08:00:00Z", "2031-03-01T10:00:00Z");
    const never = await make("Avail Never Came", null, null);

    const response = await office("GET", "/api/shipper/available");
    expect(response.statusCode).toBe(200);
    const body = inContract(TruckList, response.json());
    const found = body.results.map((truck) => truck.id);
    expect(found).toEqual(expect.arrayContaining([onSite.id, back.id]));
    expect(found).not.toContain(left.id);
    expect(found).not.toContain(never.id);
    expect(body.count).toBe(body.results.length);
    for (const truck of body.results) {
      expect(truck.register_date).not.toBeNull();
      if (truck.expedition_date) {
        expect(Date.parse(truck.expedition_date)).toBeLessThan(
          Date.parse(truck.register_date ?? ""),
        );
      }
    }
    // Departure recorded: no longer on site.
    await office("PATCH", `/api/shipper/${onSite.id}`, {
      expedition_date: "2031-03-01T18:00:00Z",
    });
    const after = inContract(TruckList, (await office("GET", "/api/shipper/available")).json());
    expect(after.results.map((truck) => truck.id)).not.toContain(onSite.id);
    expect(after.count).toBe(body.count - 1);
  });

  it("refuses a malformed line id (the line's trucks: available-line.test.ts)", async () => {
    expect((await office("GET", "/api/shipper/available?line=2000000000")).statusCode).toBe(404);
    const bad = await office("GET", "/api/shipper/available?line=abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty("line");
  });
});

describe("autocomplete", () => {
  let trucks: Shipper[] = [];

  beforeAll(async () => {
    trucks = [];
    for (let index = 0; index < 12; index++) {
      trucks.push(
        await office.create({
          plate: `QX${String(index).padStart(2, "0")}AC`,
          name: index === 0 ? "Zeta Autocomplete" : `Autocomplete Carrier ${index}`,
          capacity_load: 1000 + index,
          phone: index === 0 ? "+34711223344" : null,
        }),
      );
    }
    trucks.push(await office.create({ plate: "AQX99", name: "Contains Only" }));
  });

  const lookup = async (path: string) => {
    const response = await office("GET", `/api/shipper/${path}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Shipper[]>();
  };

  it("plate: normalised and trimmed text, prefix matches first, at most 10, full trucks", async () => {
    const hits = await lookup(`autocomplete_plate?plate=${encodeURIComponent("  qx 0-1 ")}`);
    expect(hits.map((truck) => truck.plate)).toEqual(["QX01AC"]);
    expect(hits[0]).toEqual(trucks[1]);
    const many = await lookup("autocomplete_plate?plate=QX");
    expect(many).toHaveLength(10);
    expect(many.map((truck) => truck.plate)).toEqual(
      trucks.slice(0, 10).map((truck) => truck.plate),
    );
    const contains = await lookup("autocomplete_plate?plate=X99");
    expect(contains.map((truck) => truck.plate)).toEqual(["AQX99"]);
  });

  it("name: contains, case-insensitive, those starting with the text first", async () => {
    const hits = await lookup("autocomplete_name?name=%20autocomplete%20carrier%201");
    expect(hits.map((truck) => truck.name)).toEqual([
      "AUTOCOMPLETE CARRIER 1",
      "AUTOCOMPLETE CARRIER 10",
      "AUTOCOMPLETE CARRIER 11",
    ]);
    const mixed = await lookup("autocomplete_name?name=autocomplete");
    expect(mixed).toHaveLength(10);
    expect(mixed.map((truck) => truck.name)).not.toContain("ZETA AUTOCOMPLETE");
    const zeta = await lookup("autocomplete_name?name=zeta%20auto");
    expect(zeta.map((truck) => truck.plate)).toEqual(["QX00AC"]);
  });

  it("phone: digits as typed, national or international", async () => {
    for (const typed of ["711 22", "+34 711", "34711223344", "3344"]) {
      const hits = await lookup(`autocomplete_phone?phone=${encodeURIComponent(typed)}`);
      expect(
        hits.map((truck) => truck.plate),
        typed,
      ).toContain("QX00AC");
      const digits = typed.replace(/[^\d+]/g, "");
      expect(hits.every((truck) => truck.phone?.includes(digits))).toBe(true);
    }
  });

  it("answers an empty list for empty or blank text, and for no match", async () => {
    for (const path of [
      "autocomplete_plate",
      "autocomplete_plate?plate=",
      "autocomplete_plate?plate=%20%20",
      "autocomplete_name?name=%20",
      "autocomplete_phone?phone=abc",
      "autocomplete_phone?phone=%2B",
      "autocomplete_plate?plate=NOPE404",
    ]) {
      expect(await lookup(path), path).toEqual([]);
    }
  });

  it("never reaches into another company", async () => {
    const kl = await callerFor(t, "office", ids[KL] as number);
    const hits = await kl("GET", "/api/shipper/autocomplete_plate?plate=QX0");
    expect(hits.json()).toEqual([]);
  });
});

describe("cross-company isolation", () => {
  it("a truck of one company is invisible and untouchable from another, even for admin", async () => {
    const truck = await office.create({
      plate: uniquePlate("ISO"),
      name: "Isolated Carrier",
      phone: "+34612345678",
    });
    for (const username of ["admin", "office"]) {
      const foreign = await callerFor(t, username, ids[KL] as number);
      const url = `/api/shipper/${truck.id}`;
      expect((await foreign("GET", url)).statusCode).toBe(404);
      expect((await foreign("PUT", url, { plate: "HIJACK1", name: "Hijack" })).statusCode).toBe(
        404,
      );
      expect((await foreign("PATCH", url, { name: "Hijack" })).statusCode).toBe(404);
      expect((await foreign("DELETE", url)).statusCode).toBe(404);
      expect((await foreign("POST", `${url}/sms`, { message: "hi" })).statusCode).toBe(404);
      expect((await list(foreign, "name=isolated")).count).toBe(0);
      const plate = await foreign("GET", `/api/shipper/autocomplete_plate?plate=${truck.plate}`);
      expect(plate.json()).toEqual([]);
      const available = inContract(
        TruckList,
        (await foreign("GET", "/api/shipper/available")).json(),
      );
      expect(available.results.map((row) => row.id)).not.toContain(truck.id);
    }
    // Answers for a foreign truck are exactly those for a missing one.
    const admin = await callerFor(t, "admin", ids[KL] as number);
    expect((await admin("GET", `/api/shipper/${truck.id}`)).body).toBe(
      (await admin("GET", "/api/shipper/987654")).body,
    );
    expect((await office("GET", `/api/shipper/${truck.id}`)).json()).toEqual(truck);
  });

  it("refuses a company the user does not belong to before any truck is looked at", async () => {
    const warehouse = await callerFor(t, "warehouse", ids[BW] as number);
    const response = await warehouse("GET", "/api/shipper");
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("forbidden");
  });

  it("requires authentication", async () => {
    const response = await t.app.inject({ url: "/api/shipper" });
    expect(response.statusCode).toBe(401);
  });
});

describe("OpenAPI", () => {
  it("documents every trucks and SMS route with a summary, a description and responses", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/json" })).json();
    const expected: Record<string, string[]> = {
      "/api/shipper": ["get", "post"],
      "/api/shipper/{id}": ["get", "put", "patch", "delete"],
      "/api/shipper/available": ["get"],
      "/api/shipper/autocomplete_plate": ["get"],
      "/api/shipper/autocomplete_name": ["get"],
      "/api/shipper/autocomplete_phone": ["get"],
      "/api/shipper/{id}/sms": ["post"],
      "/api/sms": ["get"],
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
    expect(doc.paths["/api/shipper/available"].get.description).toContain("expedition_date");
    const patch = doc.paths["/api/shipper/{id}"].patch;
    expect(patch.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["id", "company", "if-match"]),
    );
    expect(JSON.stringify(patch.responses["412"])).toContain("current");
  });
});
