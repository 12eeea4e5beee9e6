import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import type { ErrorBody } from "../../../../shared/contract/errors";
import type { Expedition } from "../../../../shared/contract/shipments";
import { canWriteField } from "../../../../shared/shipment-fields";
import { PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { clientId, insertLine, truckIds } from "../../../test/shipments";

/**
 * Field permissions of the forms enforced by the server (shared/shipment-fields.ts, roles.md):
 * per role, which fields an edit may change (others: 403 naming them, nothing written) and who
 * may create. Each role edits a line of one of its clients (the client user is limited).
 */

let t: TestApp;
let office: Caller;
const companies = { plain: 0, trw: 0 };
let acme: number;
let trucks: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  companies.plain = await t.companyId(PLAIN);
  companies.trw = await t.companyId(TRW);
  office = await callerFor(t, "office", companies.plain);
  acme = await clientId(t.app.db, companies.plain, "ACME FOODS");
  trucks = await truckIds(t.app.db, companies.plain);
});
afterAll(async () => {
  await t?.close();
});

/** One new value per field a form can edit on an expedition. */
function newValues(): Record<string, unknown> {
  return {
    code: `P-${randomUUID().slice(0, 6)}`,
    booked_date: "2031-05-05T10:00:00Z",
    action_date: "2031-05-05T12:00:00Z",
    client_notes: "client says",
    company_notes: "company says",
    destination: "Bilbao",
    road: "AP-8",
    packages: 9,
    shipper: trucks[2],
    urgent: true,
    weight: 10,
    status: 10,
  };
}

async function freshLine(companyId: number): Promise<Expedition> {
  const id = await insertLine(t.app.db, companyId, SHIPMENT_TYPE.expedition, {
    clientId: companyId === companies.plain ? acme : null,
  });
  const response = await office("GET", `/api/expedition/${id}`, undefined, {
    company: String(companyId),
  });
  return response.json<Expedition>();
}

const EDITORS: { user: string; allowed: string[] }[] = [
  { user: "office", allowed: Object.keys(newValues()) },
  { user: "client", allowed: ["client_notes"] },
  { user: "forklift", allowed: ["company_notes"] },
  { user: "carretillero", allowed: ["shipper", "booked_date", "action_date"] },
  { user: "kiosk", allowed: [] },
  { user: "readonly", allowed: [] },
  { user: "truckaccess", allowed: [] },
];

describe("field permissions on edit (non-trw company)", () => {
  for (const { user, allowed } of EDITORS) {
    it(`${user} may change ${allowed.length ? allowed.join(", ") : "nothing"}`, async () => {
      const caller = await callerFor(t, user, companies.plain);
      const line = await freshLine(companies.plain);
      for (const [field, value] of Object.entries(newValues())) {
        const response = await caller("PUT", `/api/expedition/${line.id}`, { [field]: value });
        if (allowed.includes(field)) {
          expect(response.statusCode, `${field}: ${response.body}`).toBe(200);
        } else {
          expect(response.statusCode, `${field}: ${response.body}`).toBe(403);
          const body = response.json<ErrorBody>();
          // A role without the edit right is refused before any field is looked at.
          if (allowed.length > 0) {
            expect(body.field_codes).toEqual({ [field]: [{ code: "read_only" }] });
          }
        }
      }
      const after = await office("GET", `/api/expedition/${line.id}`);
      const changed = Object.keys(newValues()).filter(
        (field) =>
          field !== "status" &&
          JSON.stringify(after.json<Record<string, unknown>>()[field]) !==
            JSON.stringify((line as unknown as Record<string, unknown>)[field]),
      );
      expect(changed.every((field) => allowed.includes(field))).toBe(true);
    });
  }

  it("refuses a mixed body whole, naming only the forbidden fields", async () => {
    const forklift = await callerFor(t, "forklift", companies.plain);
    const line = await freshLine(companies.plain);
    const response = await forklift("PUT", `/api/expedition/${line.id}`, {
      company_notes: "ok",
      road: "no",
      packages: 3,
    });
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json<ErrorBody>().fields ?? {}).sort()).toEqual([
      "packages",
      "road",
    ]);
    const after = await office("GET", `/api/expedition/${line.id}`);
    expect(after.json<Expedition>().company_notes).toBe("");
  });

  it("accepts a forbidden field sent with its current value", async () => {
    const forklift = await callerFor(t, "forklift", companies.plain);
    const line = await freshLine(companies.plain);
    const response = await forklift("PUT", `/api/expedition/${line.id}`, {
      company_notes: "only this",
      code: line.code,
      client: acme,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe("field permissions in a trw company", () => {
  it("lets the trw planner edit every field and the forklift only company notes", async () => {
    const planner = await callerFor(t, "planner", companies.trw);
    const forklift = await callerFor(t, "forklift", companies.trw);
    const line = await freshLine(companies.trw);
    const byPlanner = await planner("PUT", `/api/expedition/${line.id}`, {
      road: "A-7",
      destination: "Vigo",
    });
    expect(byPlanner.statusCode, byPlanner.body).toBe(200);
    expect((await forklift("PUT", `/api/expedition/${line.id}`, { road: "A-8" })).statusCode).toBe(
      403,
    );
    expect(
      (await forklift("PUT", `/api/expedition/${line.id}`, { company_notes: "trw" })).statusCode,
    ).toBe(200);
  });
});

describe("who may create", () => {
  const CREATORS: Record<string, boolean> = {
    office: true,
    admin: true,
    warehouse: true,
    client: false,
    forklift: false,
    carretillero: false,
    kiosk: false,
    readonly: false,
    truckaccess: false,
    guard: false,
  };
  for (const [user, may] of Object.entries(CREATORS)) {
    it(`${user} ${may ? "creates" : "does not create"} expeditions`, async () => {
      const caller = await callerFor(t, user, companies.plain);
      const response = await caller("POST", "/api/expedition", {
        code: `C-${user}`,
        booked_date: "2031-05-06T08:00:00",
        client: acme,
      });
      expect(response.statusCode, response.body).toBe(may ? 201 : 403);
    });
  }

  it("provider creates receptions but no expeditions", async () => {
    const provider = await callerFor(t, "provider", companies.plain);
    const body = { code: "PRV", booked_date: "2031-05-06T08:00:00", client: acme };
    expect((await provider("POST", "/api/reception", body)).statusCode).toBe(201);
    expect((await provider("POST", "/api/expedition", body)).statusCode).toBe(403);
  });

  it("matches the shared rule the form reads", () => {
    const input = { roles: ["forklift"] as const, type: SHIPMENT_TYPE.expedition, isTrw: false };
    expect(canWriteField({ ...input, roles: [...input.roles] }, "company_notes", false)).toBe(true);
    expect(canWriteField({ ...input, roles: [...input.roles] }, "road", false)).toBe(false);
  });
});
