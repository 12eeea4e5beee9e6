import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Expedition } from "../../shared/contract/shipments";
import type { Shipper } from "../../shared/contract/trucks";
import { PLAIN } from "../db/demo-data";
import { idempotencyKeys } from "../db/schema/idempotency";
import { shipmentHistory, shipments } from "../db/schema/shipments";
import { shippers } from "../db/schema/shippers";
import { users } from "../db/schema/users";
import { errors } from "../errors";
import { pruneIdempotencyKeys, RETENTION_DAYS } from "../http/idempotency-claims";
import { type Caller, callerFor, uniquePlate } from "../test/api-caller";
import { createTestApp, type TestApp } from "../test/harness";
import { insertLine } from "../test/shipments";

/** Test routes inside /api: a slow write that counts its runs, and one that fails once. */
const runs = { slow: 0, flaky: 0 };
const testRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post("/test/slow", {
    schema: { body: z.object({ n: z.number() }) },
    handler: async (request, reply) => {
      runs.slow += 1;
      await sleep(150);
      return reply
        .code(201)
        .header("etag", `"${runs.slow}"`)
        .send({ run: runs.slow, n: request.body.n });
    },
  });
  api.post("/test/flaky", {
    handler: async () => {
      runs.flaky += 1;
      if (runs.flaky === 1) throw new Error("boom");
      if (runs.flaky === 2) throw errors.rateLimited(1);
      return { run: runs.flaky };
    },
  });
};

let t: TestApp;
let office: Caller;
let admin: Caller;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp({ extendApi: testRoutes });
  companyId = await t.companyId(PLAIN);
  office = await callerFor(t, "office", companyId);
  admin = await callerFor(t, "admin", companyId);
});
afterAll(async () => {
  await t?.close();
});

let keyCounter = 0;
const newKey = () => `key-${Date.now()}-${++keyCounter}`;

const historyCount = async (id: number) =>
  (
    await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shipmentHistory)
      .where(eq(shipmentHistory.shipmentId, id))
  )[0]?.n;

describe("Idempotency-Key on shipment writes", () => {
  it("answers a repeat with the stored response and applies the change once", async () => {
    const id = await insertLine(t.app.db, companyId, 1);
    const key = newKey();
    const first = await office(
      "PATCH",
      `/api/expedition/${id}`,
      { status: 10 },
      { "idempotency-key": key },
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // Someone else moves the line on: a repeat must still answer what the first request did.
    await admin("PATCH", `/api/expedition/${id}`, { status: 1 });
    const again = await office(
      "PATCH",
      `/api/expedition/${id}`,
      { status: 10 },
      { "idempotency-key": key },
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.json()).toEqual(first.json());
    expect(again.json<Expedition>().status.id).toBe(10);
    const [row] = await t.app.db.select().from(shipments).where(eq(shipments.id, id));
    expect(row).toMatchObject({ statusId: 1, version: 3 });
    expect(await historyCount(id)).toBe(2);
  });

  it("applies two copies arriving at the same time once; both get the same answer", async () => {
    const id = await insertLine(t.app.db, companyId, 1, { statusId: 4 });
    const key = newKey();
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        office("PATCH", `/api/expedition/${id}`, { reason: "DOCS" }, { "idempotency-key": key }),
      ),
    );
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(a?.json()).toEqual(b?.json());
    expect([a?.headers["idempotent-replayed"], b?.headers["idempotent-replayed"]]).toContain(
      "true",
    );
    expect(await historyCount(id)).toBe(1);
    const [row] = await t.app.db.select().from(shipments).where(eq(shipments.id, id));
    expect(row?.version).toBe(2);
  });

  it("replays a DELETE's 204 instead of answering 404 the second time", async () => {
    const id = await insertLine(t.app.db, companyId, 2);
    const key = newKey();
    const first = await office("DELETE", `/api/reception/${id}`, undefined, {
      "idempotency-key": key,
    });
    expect(first.statusCode).toBe(204);
    const again = await office("DELETE", `/api/reception/${id}`, undefined, {
      "idempotency-key": key,
    });
    expect(again.statusCode).toBe(204);
    expect(again.body).toBe("");
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((await office("DELETE", `/api/reception/${id}`)).statusCode).toBe(404);
  });

  it("replays an error answer too (412 stays 412)", async () => {
    const id = await insertLine(t.app.db, companyId, 1);
    await office("PATCH", `/api/expedition/${id}`, { status: 10 });
    const key = newKey();
    const stale = { "if-match": '"1"', "idempotency-key": key };
    const first = await office("PATCH", `/api/expedition/${id}`, { status: 1 }, stale);
    expect(first.statusCode).toBe(412);
    const again = await office("PATCH", `/api/expedition/${id}`, { status: 1 }, stale);
    expect(again.statusCode).toBe(412);
    expect(again.json()).toEqual(first.json());
  });
});

describe("mismatches and header validation", () => {
  it("answers 422 idempotency_mismatch for the same key with another body, path or method", async () => {
    const id = await insertLine(t.app.db, companyId, 1);
    const other = await insertLine(t.app.db, companyId, 1);
    const key = newKey();
    const headers = { "idempotency-key": key };
    expect(
      (await office("PATCH", `/api/expedition/${id}`, { status: 10 }, headers)).statusCode,
    ).toBe(200);
    const tries = [
      office("PATCH", `/api/expedition/${id}`, { status: 1 }, headers),
      office("PATCH", `/api/expedition/${other}`, { status: 10 }, headers),
      office("DELETE", `/api/expedition/${id}`, undefined, headers),
    ];
    for (const response of await Promise.all(tries)) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({
        code: "idempotency_mismatch",
        message: expect.any(String),
      });
    }
    expect((await office("GET", `/api/expedition/${id}`)).json().status.id).toBe(10);
    expect((await office("GET", `/api/expedition/${other}`)).json().status.id).toBe(998);
  });

  it("keys belong to their user: another user's same key is another request", async () => {
    const id = await insertLine(t.app.db, companyId, 1);
    const key = newKey();
    expect(
      (await office("PATCH", `/api/expedition/${id}`, { status: 10 }, { "idempotency-key": key }))
        .statusCode,
    ).toBe(200);
    const theirs = await admin(
      "PATCH",
      `/api/expedition/${id}`,
      { status: 1 },
      { "idempotency-key": key },
    );
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(await historyCount(id)).toBe(2);
  });

  it("treats the same body with keys in another order as the same request", async () => {
    const key = newKey();
    const plate = uniquePlate("IDO");
    const first = await office(
      "POST",
      "/api/shipper",
      { plate, name: "Order" },
      { "idempotency-key": key },
    );
    const again = await office(
      "POST",
      "/api/shipper",
      { name: "Order", plate },
      { "idempotency-key": key },
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it("refuses a key longer than 200 characters or empty with 400 fields.idempotency-key", async () => {
    const id = await insertLine(t.app.db, companyId, 1);
    for (const key of ["k".repeat(201), ""]) {
      const response = await office(
        "PATCH",
        `/api/expedition/${id}`,
        { status: 10 },
        { "idempotency-key": key },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty("idempotency-key");
    }
    const longest = await office(
      "PATCH",
      `/api/expedition/${id}`,
      { status: 10 },
      { "idempotency-key": "k".repeat(200) },
    );
    expect(longest.statusCode).toBe(200);
  });

  it("refuses a key that is not printable ASCII with 400, claiming nothing", async () => {
    const id = await insertLine(t.app.db, companyId, 1);
    for (const key of ["clé", "a\u0001b"]) {
      const response = await office(
        "PATCH",
        `/api/expedition/${id}`,
        { status: 10 },
        { "idempotency-key": key },
      );
      expect(response.statusCode, key).toBe(400);
      expect(response.json().fields).toHaveProperty("idempotency-key");
    }
    expect(await historyCount(id)).toBe(0);
  });

  it("checks the route's permission before claiming: a read-only user claims nothing", async () => {
    const readonly = await callerFor(t, "readonly", companyId);
    const id = await insertLine(t.app.db, companyId, 1);
    const key = newKey();
    const response = await readonly("DELETE", `/api/expedition/${id}`, undefined, {
      "idempotency-key": key,
    });
    expect(response.statusCode).toBe(403);
    const rows = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toEqual([]);
  });

  it("ignores the header on reads", async () => {
    const response = await office("GET", "/api/expedition", undefined, {
      "idempotency-key": newKey(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("trucks (shipper routes) too", () => {
  it("creates one truck for a repeated POST, with the same Location and ETag", async () => {
    const key = newKey();
    const body = { plate: uniquePlate("IDP"), name: "Idempotent Carrier" };
    const first = await office("POST", "/api/shipper", body, { "idempotency-key": key });
    const again = await office("POST", "/api/shipper", body, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers.etag).toBe(first.headers.etag);
    const rows = await t.app.db.select().from(shippers).where(eq(shippers.plate, body.plate));
    expect(rows).toHaveLength(1);
  });

  it("creates one truck for two concurrent copies (no 409 for the second)", async () => {
    const key = newKey();
    const body = { plate: uniquePlate("IDC"), name: "Concurrent Carrier" };
    const answers = await Promise.all(
      [0, 1].map(() => office("POST", "/api/shipper", body, { "idempotency-key": key })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json<Shipper>().id).toBe(answers[1]?.json<Shipper>().id);
  });
});

describe("what is stored", () => {
  it("waits for a slow first copy and answers its stored result to the second", async () => {
    const before = runs.slow;
    const key = newKey();
    const answers = await Promise.all(
      [0, 1, 2].map(() => office("POST", "/api/test/slow", { n: 7 }, { "idempotency-key": key })),
    );
    expect(runs.slow).toBe(before + 1);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    // The same content (jsonb keeps no key order, so compare parsed bodies).
    expect(answers.map((answer) => answer.json())).toEqual(answers.map(() => answers[0]?.json()));
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
  });

  it("does not keep 5xx or 429 answers: a retry runs again", async () => {
    const key = newKey();
    const first = await office("POST", "/api/test/flaky", {}, { "idempotency-key": key });
    expect(first.statusCode).toBe(500);
    const second = await office("POST", "/api/test/flaky", {}, { "idempotency-key": key });
    expect(second.statusCode).toBe(429);
    const third = await office("POST", "/api/test/flaky", {}, { "idempotency-key": key });
    expect(third.statusCode).toBe(200);
    expect(third.json()).toEqual({ run: 3 });
    const fourth = await office("POST", "/api/test/flaky", {}, { "idempotency-key": key });
    expect(fourth.json()).toEqual({ run: 3 });
    expect(fourth.headers["idempotent-replayed"]).toBe("true");
  });

  it("records user, company, method, path and a body hash", async () => {
    const key = newKey();
    await office("POST", "/api/test/slow", { n: 1 }, { "idempotency-key": key });
    const [row] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const [me] = await t.app.db.select().from(users).where(eq(users.username, "office"));
    expect(row).toMatchObject({
      userId: me?.id,
      companyId,
      method: "POST",
      path: "/api/test/slow",
      requestHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      statusCode: 201,
      responseBody: { run: expect.any(Number), n: 1 },
      responseHeaders: { etag: expect.any(String) },
    });
  });

  it(`keeps keys ${RETENTION_DAYS} days: older ones are pruned and free again`, async () => {
    const key = newKey();
    await office("POST", "/api/test/slow", { n: 2 }, { "idempotency-key": key });
    const old = new Date(Date.now() - (RETENTION_DAYS + 1) * 24 * 3600 * 1000);
    const where = eq(idempotencyKeys.key, key);
    await t.app.db.update(idempotencyKeys).set({ createdAt: old }).where(where);
    // Expired but not yet pruned: treated as absent, so another body is fine.
    const reused = await office("POST", "/api/test/slow", { n: 3 }, { "idempotency-key": key });
    expect(reused.statusCode).toBe(201);
    expect(reused.json().n).toBe(3);
    await t.app.db.update(idempotencyKeys).set({ createdAt: old }).where(where);
    const fresh = newKey();
    await office("POST", "/api/test/slow", { n: 4 }, { "idempotency-key": fresh });
    await pruneIdempotencyKeys(t.app.db);
    const left = await t.app.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(sql`${idempotencyKeys.key} in (${key}, ${fresh})`));
    expect(left.map((row) => row.key)).toEqual([fresh]);
  });

  it("takes over a pending key whose first copy died", async () => {
    const key = newKey();
    const [me] = await t.app.db.select().from(users).where(eq(users.username, "office"));
    await t.app.db.insert(idempotencyKeys).values({
      key,
      userId: me?.id as number,
      companyId,
      method: "POST",
      path: "/api/test/slow",
      requestHash: "0".repeat(64),
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const response = await office("POST", "/api/test/slow", { n: 5 }, { "idempotency-key": key });
    expect(response.statusCode).toBe(201);
    expect(response.json().n).toBe(5);
  });
});
