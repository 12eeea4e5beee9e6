import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PLAIN } from "../db/demo-data";
import { idempotencyKeys } from "../db/schema/idempotency";
import { users } from "../db/schema/users";
import { requestHash } from "../http/idempotency-claims";
import { type Caller, callerFor } from "../test/api-caller";
import { createTestApp, type TestApp, testConfig } from "../test/harness";
import { insertLine } from "../test/shipments";
import { leaseLockSql } from "./instance-lease";

/**
 * Pending Idempotency-Key claims live as long as the instance that holds them (issue 9): a
 * claim of a dead instance is taken over at once, a live one's is waited on (then 409).
 */
let runs = 0;
const testRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post("/test/lease", {
    schema: { body: z.object({ n: z.number() }) },
    handler: async (request, reply) => {
      runs += 1;
      return reply.code(201).send({ n: request.body.n, run: runs });
    },
  });
};

const WAIT_MS = 1500;
const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let office: Caller;
let companyId: number;
let userId: number;

beforeAll(async () => {
  const limits = { ...testConfig().limits, idempotencyWaitMs: WAIT_MS };
  t = await createTestApp({ extendApi: testRoutes, config: { limits } });
  companyId = await t.companyId(PLAIN);
  office = await callerFor(t, "office", companyId);
  const [me] = await t.app.db.select().from(users).where(eq(users.username, "office"));
  userId = me?.id as number;
});
afterAll(async () => {
  await t?.close();
});

/** A pending claim of the test route's request with body {n}, held by `instanceId`. */
async function pendingClaim(key: string, instanceId: string, n: number, path = "/api/test/lease") {
  await t.app.db.insert(idempotencyKeys).values({
    key,
    userId,
    companyId,
    method: path === "/api/test/lease" ? "POST" : "PATCH",
    path,
    requestHash: requestHash(path === "/api/test/lease" ? { n } : { status: n }),
    instanceId,
  });
}

const post = (key: string, n: number) =>
  office("POST", "/api/test/lease", { n }, { "idempotency-key": key });

describe("claims of a dead instance", () => {
  it("records this instance on a claim", async () => {
    const key = randomUUID();
    expect((await post(key, 1)).statusCode).toBe(201);
    const [row] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row?.instanceId).toBe(t.app.instanceLease.id);
  });

  it("takes over a fresh pending claim whose instance holds no lease, and runs", async () => {
    const key = randomUUID();
    await pendingClaim(key, randomUUID(), 2);
    const before = runs;
    const response = await post(key, 2);
    // Had it waited on the claim, it would have answered 409 idempotency_in_progress.
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ n: 2, run: before + 1 });
    const [row] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ instanceId: t.app.instanceLease.id, statusCode: 201 });
  });

  it("takes over a dead instance's claim in a batch of queued changes too", async () => {
    const id = await insertLine(t.app.db, companyId, 1);
    const key = randomUUID();
    await pendingClaim(key, randomUUID(), 10, `/api/expedition/${id}`);
    const response = await office("POST", "/api/shipment-changes", {
      changes: [{ key, type: "expedition", id, version: 1, body: { status: 10 } }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results[0]).toMatchObject({ status: 200, body: { version: 2 } });
  });
});

describe("claims of a live instance", () => {
  it("waits on this instance's own pending claim of another request, then 409", async () => {
    const key = randomUUID();
    await pendingClaim(key, t.app.instanceLease.id, 3);
    const response = await post(key, 3);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "idempotency_in_progress" });
    expect(response.headers["retry-after"]).toBe("1");
  });

  it.runIf(onPostgres)(
    "waits on a claim whose instance holds its lease; once its connection dies, a retry runs",
    async () => {
      const holder = new pg.Client({ connectionString: t.config.databaseUrl });
      await holder.connect();
      const other = randomUUID();
      await holder.query(leaseLockSql("pg_advisory_lock"), [other]);
      const key = randomUUID();
      await pendingClaim(key, other, 4);
      try {
        const waiting = await post(key, 4);
        expect(waiting.statusCode).toBe(409);
        expect(waiting.json()).toMatchObject({ code: "idempotency_in_progress" });
      } finally {
        await holder.end(); // the holder "crashes": its session and its lock end
      }
      // The server notices the backend's exit a moment later.
      let retried = await post(key, 4);
      for (let attempt = 0; attempt < 20 && retried.statusCode === 409; attempt += 1) {
        await sleep(100);
        retried = await post(key, 4);
      }
      expect(retried.statusCode, retried.body).toBe(201);
      expect(retried.json()).toMatchObject({ n: 4 });
    },
  );
});
