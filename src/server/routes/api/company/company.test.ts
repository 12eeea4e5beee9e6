import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { authOf } from "../../../auth/context";
import { BW, KL, PLAIN, TRW } from "../../../db/demo-data";
import { dockSchedules } from "../../../db/schema/scheduling";
import { requirePermission } from "../../../plugins/require-permission";
import { createTestApp, type TestApp } from "../../../test/harness";

/** Probe routes inside the /api scope: what the company scope resolved, and a guarded route. */
const probes: FastifyPluginAsyncZod = async (app) => {
  app.get("/probe/scope", {
    schema: { response: { 200: z.object({ company: z.number(), roles: z.array(z.string()) }) } },
    handler: async (request) => {
      const auth = authOf(request);
      return { company: auth.company.id, roles: auth.roles };
    },
  });
  app.get("/probe/add-truck", { preHandler: requirePermission("addTruck") }, async () => ({
    ok: true,
  }));
  app.get("/probe/delete-exp", { preHandler: requirePermission("deleteExp") }, async () => ({
    ok: true,
  }));
};

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ extendApi: probes });
  for (const name of [PLAIN, TRW, KL, BW]) ids[name] = await t.companyId(name);
});
afterAll(async () => {
  await t?.close();
});

async function get(username: string, url: string, company?: number | string) {
  const { token } = await t.login(username);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (company !== undefined) headers.company = String(company);
  return t.app.inject({ url, headers });
}

describe("GET /api/company", () => {
  it("lists all four companies with their flags for the admin", async () => {
    const response = await get("admin", "/api/company");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(4);
    expect(body.results).toEqual([
      {
        id: ids[PLAIN],
        name: PLAIN,
        code: null,
        is_trw: false,
        has_expeditions_rrule: false,
        has_receptions_rrule: false,
        lang_pt: true,
        // The yard's clock (the dock schedule's zone), for the gate's "today" offline.
        time_zone: "UTC",
      },
      // Repeating (issue 12): the trw companies and BW Warehousing, for both types.
      expect.objectContaining({
        name: TRW,
        is_trw: true,
        has_expeditions_rrule: true,
        has_receptions_rrule: true,
      }),
      expect.objectContaining({
        name: KL,
        code: "kl",
        is_trw: true,
        has_expeditions_rrule: true,
        has_receptions_rrule: true,
      }),
      expect.objectContaining({
        name: BW,
        code: "bw",
        is_trw: false,
        has_expeditions_rrule: true,
        has_receptions_rrule: true,
      }),
    ]);
  });

  it("lists only the user's own companies", async () => {
    const body = (await get("warehouse", "/api/company")).json();
    expect(body.count).toBe(2);
    expect(body.results.map((company: { name: string }) => company.name)).toEqual([PLAIN, TRW]);
  });

  it("filters by id, and a foreign id simply matches nothing", async () => {
    const own = (await get("warehouse", `/api/company?id=${ids[TRW]}`)).json();
    expect(own).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [expect.objectContaining({ name: TRW })],
    });
    const foreign = (await get("warehouse", `/api/company?id=${ids[KL]}`)).json();
    expect(foreign).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("pages with page and page_size, and refuses absurd paging", async () => {
    const second = (await get("admin", "/api/company?page=2&page_size=3")).json();
    expect(second.count).toBe(4);
    expect(second.results.map((company: { name: string }) => company.name)).toEqual([BW]);
    const absurd = await get("admin", "/api/company?page_size=100000&page=0");
    expect(absurd.statusCode).toBe(400);
    expect(Object.keys(absurd.json().fields).sort()).toEqual(["page", "page_size"]);
    const huge = await get("admin", "/api/company?id=99999999999");
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields).toHaveProperty("id");
  });
});

describe("GET /api/company/:id", () => {
  it("returns one of the user's companies", async () => {
    const response = await get("office", `/api/company/${ids[KL]}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids[KL], code: "kl", is_trw: true });
  });

  it("carries the yard's time zone: the dock schedule's, UTC without one", async () => {
    await t.app.db
      .insert(dockSchedules)
      .values({ companyId: ids[KL] as number, timeZone: "America/Mexico_City" })
      .onConflictDoUpdate({
        target: dockSchedules.companyId,
        set: { timeZone: "America/Mexico_City" },
      });
    const kl = (await get("office", `/api/company/${ids[KL]}`)).json();
    expect(kl.time_zone).toBe("America/Mexico_City");
    await t.app.db.delete(dockSchedules).where(eq(dockSchedules.companyId, ids[KL] as number));
    expect((await get("office", `/api/company/${ids[KL]}`)).json().time_zone).toBe("UTC");
  });

  it("answers a foreign company exactly like a missing one", async () => {
    const foreign = await get("warehouse", `/api/company/${ids[BW]}`);
    const missing = await get("warehouse", "/api/company/999999");
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json().code).toBe("not_found");
  });
});

describe("company header", () => {
  it("scopes the request to the named company, defaulting to the first group", async () => {
    expect((await get("admin", "/api/probe/scope")).json().company).toBe(ids[PLAIN]);
    expect((await get("admin", "/api/probe/scope", ids[KL])).json().company).toBe(ids[KL]);
    expect((await get("guard", "/api/probe/scope", ids[TRW])).json()).toEqual({
      company: ids[TRW],
      roles: ["guardia"],
    });
  });

  it("answers 403 forbidden for a foreign company, identical to a non-existent one", async () => {
    const foreign = await get("warehouse", "/api/company", ids[BW]);
    const missing = await get("warehouse", "/api/company", 987654);
    expect(foreign.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      code: "forbidden",
      message: "You do not have access to this company",
    });
    expect(missing.body).toBe(foreign.body);
  });

  it("rejects a malformed header with fields.company", async () => {
    for (const value of ["abc", "-1", "1.5", "99999999999"]) {
      const response = await get("admin", "/api/company", value);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().code).toBe("validation_error");
      expect(response.json().fields).toHaveProperty("company");
    }
    // An empty header counts as absent.
    expect((await get("admin", "/api/probe/scope", "")).json().company).toBe(ids[PLAIN]);
  });
});

describe("requirePermission", () => {
  it("enforces the shared matrix per role", async () => {
    expect((await get("office", "/api/probe/add-truck")).statusCode).toBe(200);
    expect((await get("guard", "/api/probe/add-truck")).statusCode).toBe(403);
    const kiosk = await get("kiosk", "/api/probe/add-truck");
    expect(kiosk.statusCode).toBe(403);
    expect(kiosk.json().code).toBe("forbidden");
  });

  it("uses the trw variant of the matrix in a trw company", async () => {
    // office may delete expeditions in a plain company, not in a trw one (spec section 6).
    expect((await get("office", "/api/probe/delete-exp", ids[PLAIN])).statusCode).toBe(200);
    expect((await get("office", "/api/probe/delete-exp", ids[TRW])).statusCode).toBe(403);
    expect((await get("office", "/api/probe/delete-exp", ids[BW])).statusCode).toBe(200);
    expect((await get("office", "/api/probe/delete-exp", ids[KL])).statusCode).toBe(403);
  });
});
