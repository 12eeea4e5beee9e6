import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../../shared/contract/clients";
import type { ErrorBody } from "../../../../shared/contract/errors";
import { KL, PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";

/** api/client: company scope, several companies, createMasters, client users' limits. */

let t: TestApp;
let plain: number;
let trw: number;
let kl: number;
let admin: Caller;
let adminTrw: Caller;

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  trw = await t.companyId(TRW);
  kl = await t.companyId(KL);
  admin = await callerFor(t, "admin", plain);
  adminTrw = await callerFor(t, "admin", trw);
});
afterAll(async () => {
  await t?.close();
});

interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}

async function listOf(caller: Caller, url: string): Promise<Page<Client>> {
  const response = await caller("GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Client>>();
}

async function create(caller: Caller, body: object): Promise<Client> {
  const response = await caller("POST", "/api/client", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Client>();
}

describe("api/client", () => {
  it("lists the company's clients by description, with search, ids and paging", async () => {
    const page = await listOf(admin, "/api/client?page_size=2");
    expect(page.count).toBe(3);
    expect(page.results.map((c) => c.description)).toEqual(["ACME FOODS", "IBERIA PHARMA"]);
    expect(page.next).toBe("http://localhost:80/api/client?page_size=2&page=2");
    const found = await listOf(admin, "/api/client?search=norte");
    expect(found.results.map((c) => c.description)).toEqual(["NORTE RETAIL"]);
    const acme = page.results[0] as Client;
    const byIds = await listOf(admin, `/api/client?ids=${acme.id},999999`);
    expect(byIds.results.map((c) => c.id)).toEqual([acme.id]);
    expect(acme.company).toEqual([plain]);
  });

  it("creates a client in several of the user's companies, visible from each", async () => {
    const client = await create(admin, {
      description: "SHARED CO",
      email: "a@b.example",
      company: [trw],
      notes: "both",
    });
    expect(client.company).toEqual([plain, trw].sort((a, b) => a - b));
    expect((await listOf(adminTrw, "/api/client?search=shared")).count).toBe(1);
    const klAdmin = await callerFor(t, "admin", kl);
    expect((await listOf(klAdmin, "/api/client?search=shared")).count).toBe(0);
    expect((await klAdmin("GET", `/api/client/${client.id}`)).statusCode).toBe(404);
  });

  it("refuses companies the user does not belong to, naming the field", async () => {
    const office = await callerFor(t, "warehouse", plain);
    const response = await office("POST", "/api/client", { description: "X", company: [kl] });
    // warehouse lacks createMasters: refused before the body is looked at.
    expect(response.statusCode).toBe(403);
    const planner = await callerFor(t, "officeperson", plain);
    expect((await planner("POST", "/api/client", { description: "X" })).statusCode).toBe(403);
    const foreign = await admin("POST", "/api/client", { description: "X", company: [999999] });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<ErrorBody>().field_codes).toEqual({ company: [{ code: "read_only" }] });
  });

  it("validates description and e-mail as field errors", async () => {
    const response = await admin("POST", "/api/client", { description: " ", email: "nope" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().fields ?? {}).sort()).toEqual([
      "description",
      "email",
    ]);
  });

  it("replaces a client with If-Match and answers 412 when stale", async () => {
    const client = await create(admin, { description: "EDIT ME" });
    const edited = await admin(
      "PUT",
      `/api/client/${client.id}`,
      { description: "EDITED", email: "", company: [plain, trw], notes: "n" },
      { "if-match": `"${client.version}"` },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Client>()).toMatchObject({ description: "EDITED", version: 2 });
    const stale = await admin(
      "PUT",
      `/api/client/${client.id}`,
      { description: "LATE" },
      { "if-match": `"${client.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ current: Client }>().current.description).toBe("EDITED");
  });

  it("removes a client from one company, and deletes it with the last", async () => {
    const client = await create(admin, { description: "TWO HOMES", company: [trw] });
    expect((await admin("DELETE", `/api/client/${client.id}`)).statusCode).toBe(204);
    expect((await admin("GET", `/api/client/${client.id}`)).statusCode).toBe(404);
    expect((await adminTrw("GET", `/api/client/${client.id}`)).json<Client>().company).toEqual([
      trw,
    ]);
    expect((await adminTrw("DELETE", `/api/client/${client.id}`)).statusCode).toBe(204);
    expect((await adminTrw("GET", `/api/client/${client.id}`)).statusCode).toBe(404);
  });

  it("shows a client user only their clients and lets them change none", async () => {
    const client = await callerFor(t, "client", plain);
    const page = await listOf(client, "/api/client");
    expect(page.results.map((c) => c.description).sort()).toEqual(["ACME FOODS", "NORTE RETAIL"]);
    const iberia = (await listOf(admin, "/api/client?search=iberia")).results[0] as Client;
    expect((await client("GET", `/api/client/${iberia.id}`)).statusCode).toBe(404);
    expect((await client("POST", "/api/client", { description: "MINE" })).statusCode).toBe(403);
    expect((await client("DELETE", `/api/client/${iberia.id}`)).statusCode).toBe(403);
  });
});
