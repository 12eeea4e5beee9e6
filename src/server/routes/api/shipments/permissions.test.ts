import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, type Permission } from "../../../../shared/permissions";
import { DEMO_COMPANIES, DEMO_USERS, PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { clientId, insertLine, truckIds } from "../../../test/shipments";

/**
 * Every demo user in a plain and a trw company, for both types, against the shared matrix:
 * reading needs seeExpeditions / seeReceptions; a status change also editStatus, a reason
 * editReasons, a truck editExp / editRecep, a delete deleteExp / deleteRecep; the history
 * seeHistory. The expectation comes from `can`, so the table follows the matrix (with the
 * product rule of src/shared/roles.md: deleting needs unrestricted edit, so restricted, kiosk,
 * read-only and gate roles delete nothing). Target lines belong to one of the client user's
 * clients, so client scoping never hides them here.
 */
let t: TestApp;
const companyIds: Record<string, number> = {};
const clients: Record<string, number> = {};
const trucks: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, client] of [
    [PLAIN, "ACME FOODS"],
    [TRW, "ATLAS AUTOMOTIVE"],
  ] as const) {
    companyIds[name] = await t.companyId(name);
    clients[name] = await clientId(t.app.db, companyIds[name] as number, client);
    trucks[name] = (await truckIds(t.app.db, companyIds[name] as number))[0] as number;
  }
});
afterAll(async () => {
  await t?.close();
});

/** One login per user and company (each case runs for both types). */
const callers = new Map<string, Promise<Caller>>();
function caller(username: string, companyId: number): Promise<Caller> {
  const key = `${username}@${companyId}`;
  let found = callers.get(key);
  if (!found) {
    found = callerFor(t, username, companyId);
    callers.set(key, found);
  }
  return found;
}

const TYPES = [
  { type: 1, path: "expedition", see: "seeExpeditions", edit: "editExp", remove: "deleteExp" },
  { type: 2, path: "reception", see: "seeReceptions", edit: "editRecep", remove: "deleteRecep" },
] as const;

const cases = DEMO_USERS.flatMap((user) =>
  [PLAIN, TRW].flatMap((company) => {
    const isTrw = DEMO_COMPANIES.find((c) => c.name === company)?.isTrw ?? false;
    const allows = (...permissions: Permission[]) =>
      permissions.every((permission) => can([user.role], permission, isTrw));
    return TYPES.map((kind) => ({
      username: user.username,
      role: user.role,
      company,
      kind,
      read: allows(kind.see),
      status: allows(kind.see, "editStatus"),
      reason: allows(kind.see, "editReasons"),
      truck: allows(kind.see, kind.edit),
      remove: allows(kind.see, kind.remove),
      history: allows(kind.see, "seeHistory"),
    }));
  }),
);

describe("the permission table is not trivial", () => {
  it("has roles on both sides of every operation, including the spec's examples", () => {
    const find = (username: string, company: string, path: string) =>
      cases.find((c) => c.username === username && c.company === company && c.kind.path === path);
    for (const operation of ["read", "status", "reason", "truck", "remove", "history"] as const) {
      expect(cases.some((c) => c[operation])).toBe(true);
      expect(cases.some((c) => !c[operation])).toBe(true);
    }
    expect(find("office", PLAIN, "expedition")).toMatchObject({ status: true, remove: true });
    expect(find("office", TRW, "expedition")).toMatchObject({ status: true, remove: false });
    expect(find("client", PLAIN, "expedition")).toMatchObject({
      read: true,
      status: false,
      reason: false,
      truck: true,
      history: false,
    });
    expect(find("guard", PLAIN, "reception")).toMatchObject({ read: false });
    expect(find("provider", PLAIN, "expedition")).toMatchObject({ read: false });
    expect(find("provider", PLAIN, "reception")).toMatchObject({ read: true, truck: true });
    expect(find("kiosk", PLAIN, "expedition")).toMatchObject({ read: true, status: false });
  });

  it("lets no restricted, kiosk, read-only or gate role delete (product rule)", () => {
    const deleters = new Set(cases.filter((c) => c.remove).map((c) => c.username));
    for (const username of [
      "forklift",
      "carretillero",
      "kiosk",
      "kioskrec",
      "client",
      "truckaccess",
      "readonly",
      "guard",
    ]) {
      expect(deleters.has(username), username).toBe(false);
    }
    expect([...deleters].sort()).toEqual([
      "admin",
      "mexico",
      "office",
      "officeperson",
      "warehouse",
    ]);
  });
});

describe.each(cases)("$username ($role) in $company, $kind.path", (c) => {
  const expectAllowed = (status: number, allowed: boolean, success: number, body: string) => {
    if (allowed) expect(status, body).toBe(success);
    else {
      expect(status, body).toBe(403);
      expect(JSON.parse(body).code).toBe("forbidden");
    }
  };

  it(`reads: ${c.read}; status ${c.status}, reason ${c.reason}, truck ${c.truck}, delete ${c.remove}, history ${c.history}`, async () => {
    const companyId = companyIds[c.company] as number;
    const me = await caller(c.username, companyId);
    const { path, type } = c.kind;
    // An incidence status, so that reasons exist: 4 (expedition) or 8 (reception).
    const id = await insertLine(t.app.db, companyId, type, {
      clientId: clients[c.company] as number,
      statusId: type === 1 ? 4 : 8,
    });
    const url = `/api/${path}/${id}`;

    for (const read of [`/api/${path}`, url, `/api/shipment/${id}`]) {
      const response = await me("GET", read);
      expectAllowed(response.statusCode, c.read, 200, response.body);
    }
    const history = await me("GET", `/api/historic?shipment=${id}`);
    expectAllowed(history.statusCode, c.history, 200, history.body);
    // Lookups are open to every member.
    expect((await me("GET", `/api/status?type=${type}`)).statusCode).toBe(200);
    expect((await me("GET", "/api/reason")).statusCode).toBe(200);

    const reason = await me("PATCH", url, { reason: "DAMAGED" });
    expectAllowed(reason.statusCode, c.reason, 200, reason.body);
    const truck = await me("PATCH", url, { shipper: trucks[c.company] });
    expectAllowed(truck.statusCode, c.truck, 200, truck.body);
    const status = await me("PATCH", url, { status: type === 1 ? 2 : 6 });
    expectAllowed(status.statusCode, c.status, 200, status.body);
    const removed = await me("DELETE", url);
    expectAllowed(removed.statusCode, c.remove, 204, removed.body);

    const admin = await caller("admin", companyId);
    const after = await admin("GET", `/api/historic?shipment=${id}`);
    if (c.remove) expect(after.statusCode).toBe(404);
    else {
      // Refused: the line is still there, with only the allowed changes in its history.
      expect((await admin("GET", url)).statusCode).toBe(200);
      const changes = [c.reason, c.truck, c.status].filter(Boolean).length;
      expect(after.json().count).toBe(changes);
    }
  });
});
