import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOf } from "../../../../shared/contract/paging";
import { Shipper } from "../../../../shared/contract/trucks";
import { BW, TRW } from "../../../db/demo-data";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { inContract } from "../../../test/contract";
import { createTestApp, type TestApp } from "../../../test/harness";

/** PUT api/shipper/uid/{uid}: creation under a client-chosen id, idempotent by construction. */
let t: TestApp;
let office: Caller;
let bw: number;

beforeAll(async () => {
  t = await createTestApp();
  bw = await t.companyId(BW);
  office = await callerFor(t, "office", bw);
});
afterAll(async () => {
  await t?.close();
});

const body = (plate: string) => ({ plate, name: "Offline Carrier", phone: null });

describe("PUT /api/shipper/uid/:uid", () => {
  it("creates the truck under the client's id, then answers the same truck without a copy", async () => {
    const uid = randomUUID();
    const plate = uniquePlate("UID");
    const first = await office("PUT", `/api/shipper/uid/${uid}`, body(plate));
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<Shipper>();
    expect(created).toMatchObject({ uid, plate, name: "OFFLINE CARRIER", company: bw });
    expect(first.headers.etag).toBe(`"${created.version}"`);

    const again = await office("PUT", `/api/shipper/uid/${uid}`, body(plate));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Shipper>()).toEqual(created);
    const listed = await office("GET", `/api/shipper?plate=${plate}`);
    expect(inContract(listOf(Shipper), listed.json()).count).toBe(1);
  });

  it("a replayed creation never undoes a later edit", async () => {
    const uid = randomUUID();
    const plate = uniquePlate("UID");
    const created = (await office("PUT", `/api/shipper/uid/${uid}`, body(plate))).json<Shipper>();
    const edited = await office(
      "PATCH",
      `/api/shipper/${created.id}`,
      { name: "Renamed" },
      { "if-match": `"${created.version}"` },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const replay = await office("PUT", `/api/shipper/uid/${uid}`, body(plate));
    expect(replay.statusCode).toBe(200);
    expect(replay.json<Shipper>().name).toBe("RENAMED");
  });

  it("two racing first calls create one truck", async () => {
    const uid = randomUUID();
    const plate = uniquePlate("UID");
    const answers = await Promise.all([
      office("PUT", `/api/shipper/uid/${uid}`, body(plate)),
      office("PUT", `/api/shipper/uid/${uid}`, body(plate)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [a, b] = answers.map((answer) => answer.json<Shipper>());
    expect(a?.id).toBe(b?.id);
  });

  it("keeps the POST rules: a plate already in the company is 409 with fields.plate", async () => {
    const plate = uniquePlate("UID");
    await office.create(body(plate));
    const response = await office("PUT", `/api/shipper/uid/${randomUUID()}`, body(plate));
    expect(response.statusCode).toBe(409);
    expect(response.json<{ fields: Record<string, string[]> }>().fields.plate).toBeDefined();
  });

  it("scopes the id to the company: another company's creation under the same uid is its own", async () => {
    const uid = randomUUID();
    const trwOffice = await callerFor(t, "office", await t.companyId(TRW));
    const ours = (
      await office("PUT", `/api/shipper/uid/${uid}`, body(uniquePlate("UID")))
    ).json<Shipper>();
    const theirs = await trwOffice("PUT", `/api/shipper/uid/${uid}`, body(uniquePlate("UID")));
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json<Shipper>().id).not.toBe(ours.id);
  });

  it("answers 400 for an id that is not a UUID and 403 without addTruck, creating nothing", async () => {
    const bad = await office("PUT", "/api/shipper/uid/not-a-uuid", body(uniquePlate("UID")));
    expect(bad.statusCode).toBe(400);
    const readonly = await callerFor(t, "readonly", bw);
    const plate = uniquePlate("UID");
    const denied = await readonly("PUT", `/api/shipper/uid/${randomUUID()}`, body(plate));
    expect(denied.statusCode).toBe(403);
    const listed = await office("GET", `/api/shipper?plate=${plate}`);
    expect(inContract(listOf(Shipper), listed.json()).count).toBe(0);
  });
});
