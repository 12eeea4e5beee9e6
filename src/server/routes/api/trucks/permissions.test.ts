import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Shipper } from "../../../../shared/contract/trucks";
import { can } from "../../../../shared/permissions";
import { DEMO_COMPANIES, DEMO_USERS, PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";

/**
 * Every demo user in a plain and a trw company, against the shared matrix: creating needs
 * addTruck; replacing, patching, deleting and sending an SMS need editTruck; reading is open
 * to every member. The expectation comes from `can`, so the table follows the matrix
 * (src/shared/roles.md: client users change no trucks and send no SMS).
 */
let t: TestApp;
const companyIds: Record<string, number> = {};
const admins: Record<string, Caller> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [PLAIN, TRW]) {
    companyIds[name] = await t.companyId(name);
    admins[name] = await callerFor(t, "admin", companyIds[name] as number);
  }
});
afterAll(async () => {
  await t?.close();
});

const cases = DEMO_USERS.flatMap((user) =>
  [PLAIN, TRW].map((company) => {
    const isTrw = DEMO_COMPANIES.find((c) => c.name === company)?.isTrw ?? false;
    return {
      username: user.username,
      role: user.role,
      company,
      add: can([user.role], "addTruck", isTrw),
      edit: can([user.role], "editTruck", isTrw),
    };
  }),
);

describe("the permission table is not trivial", () => {
  it("has roles on both sides of addTruck and editTruck, including the spec's examples", () => {
    const find = (username: string, company: string) =>
      cases.find((c) => c.username === username && c.company === company);
    expect(find("office", PLAIN)).toMatchObject({ add: true, edit: true });
    // Product rule: client users change no trucks (no edit, delete or SMS), in any company.
    expect(find("client", PLAIN)).toMatchObject({ add: false, edit: false });
    expect(find("client", TRW)).toMatchObject({ add: false, edit: false });
    expect(find("truckaccess", PLAIN)).toMatchObject({ add: true, edit: false });
    expect(find("provider", PLAIN)).toMatchObject({ add: true, edit: false });
    for (const username of ["forklift", "kiosk", "readonly", "guard", "planner", "officeperson"]) {
      expect(find(username, PLAIN), username).toMatchObject({ add: false, edit: false });
    }
  });
});

describe.each(cases)("$username ($role) in $company", ({ username, company, add, edit }) => {
  const expectAllowed = (status: number, allowed: boolean, success: number, body: string) => {
    if (allowed) expect(status, body).toBe(success);
    else {
      expect(status, body).toBe(403);
      expect(JSON.parse(body).code).toBe("forbidden");
    }
  };

  it(`reads trucks; ${add ? "may" : "may not"} add; ${edit ? "may" : "may not"} edit, delete or text`, async () => {
    const admin = admins[company] as Caller;
    const me = await callerFor(t, username, companyIds[company] as number);
    const target = await admin.create({
      plate: uniquePlate("PRM"),
      name: `Target of ${username}`,
      phone: "+34612345678",
    });
    const url = `/api/shipper/${target.id}`;

    for (const read of [
      "/api/shipper",
      url,
      "/api/shipper/available",
      `/api/shipper/autocomplete_plate?plate=${target.plate}`,
    ]) {
      expect((await me("GET", read)).statusCode, read).toBe(200);
    }

    const created = await me("POST", "/api/shipper", { plate: uniquePlate("PRM"), name: "Mine" });
    expectAllowed(created.statusCode, add, 201, created.body);

    const put = await me("PUT", url, {
      plate: target.plate,
      name: "Replaced",
      phone: target.phone,
    });
    expectAllowed(put.statusCode, edit, 200, put.body);
    const patch = await me("PATCH", url, { capacity_load: 9000 });
    expectAllowed(patch.statusCode, edit, 200, patch.body);
    const sms = await me("POST", `${url}/sms`, { message: "Dock 3, please" });
    expectAllowed(sms.statusCode, edit, 201, sms.body);
    const removed = await me("DELETE", url);
    expectAllowed(removed.statusCode, edit, 204, removed.body);

    const after = await admin("GET", url);
    if (edit) expect(after.statusCode).toBe(404);
    else expect(after.json<Shipper>()).toEqual(target);
  });
});
