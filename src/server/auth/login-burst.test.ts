import { inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import { hashPassword } from "../crypto/password";
import type { Database } from "../db/database";
import { DEMO_PASSWORD } from "../db/demo-data";
import { loginThrottle } from "../db/schema/sessions";
import { users } from "../db/schema/users";
import { createScratchStorage, type ScratchStorage, testConfig } from "../test/harness";
import { openSeededPglite } from "../test/pglite-template";

/**
 * Bursts of parallel logins against the real database, through two app instances sharing it
 * (two pools on PostgreSQL), with the default limits: 10 failures per username and address,
 * 50 per address. The burst's users get a costlier hash (log2 N = 14) so a burst keeps the
 * hash queue busy while the legitimate login arrives.
 */
const PER_USER = 10;
const PER_IP = 50;
const SLOW_USERS = ["warehouse", "forklift", "kiosk", "client", "guard", "provider"];
const CONCURRENCY = 2;

let first: App;
let second: App;
let scratch: ScratchStorage | undefined;

beforeAll(async () => {
  const config = testConfig({
    rateLimit: { maxFailuresPerUser: PER_USER, maxFailuresPerIp: PER_IP, windowSeconds: 900 },
    // Room for every admitted attempt, and a wait no loaded test machine reaches.
    hashQueue: { concurrency: CONCURRENCY, maxWaiting: 200, maxWaitMs: 60_000 },
  });
  if (process.env.DATABASE_URL) {
    scratch = await createScratchStorage();
    first = await buildApp({ config: { ...config, ...scratch.storage }, seed: true });
    second = await buildApp({ config: { ...config, ...scratch.storage } });
  } else {
    const database = await openSeededPglite(config.passwordHashCost);
    const shared: Database = { ...database, close: async () => undefined };
    first = await buildApp({ config, database });
    second = await buildApp({ config, database: shared });
  }
  const slow = await hashPassword("the-burst-never-guesses-this", 14);
  await first.db
    .update(users)
    .set({ passwordHash: slow })
    .where(inArray(users.username, SLOW_USERS));
}, 60_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await scratch?.remove();
});

const attempt = (app: App, username: string, password: string, ip: string) =>
  app.inject({
    method: "POST",
    url: "/get-token",
    payload: { username, password },
    remoteAddress: ip,
  });

function tally(responses: readonly LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses)
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

describe("login limits under bursts", () => {
  it("50 parallel wrong passwords for one user: at most the limit are checked, the rest 429", async () => {
    const ip = "203.0.113.10";
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        attempt(i % 2 === 0 ? first : second, "warehouse", `wrong-${i}`, ip),
      ),
    );
    const counts = tally(responses);
    expect(Object.keys(counts).sort()).toEqual(["401", "429"]);
    expect(counts[401]).toBeLessThanOrEqual(PER_USER);
    expect(counts[429]).toBe(50 - (counts[401] ?? 0));
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expect(response.json().code).toBe("rate_limited");
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Only the checked attempts stay counted: every refused one was given back.
    const userKey = `login:user:warehouse|ip:${ip}`;
    const rows = await first.db
      .select({ key: loginThrottle.key, failures: loginThrottle.failures })
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, [userKey, `login:ip:${ip}`]));
    expect(Object.fromEntries(rows.map((row) => [row.key, row.failures]))).toEqual({
      [userKey]: counts[401],
      [`login:ip:${ip}`]: counts[401],
    });
    // Used up (a burst may stop short of the limit while refused attempts are still being
    // given back): then even the right password waits, from this address.
    for (let i = counts[401] ?? 0; i < PER_USER; i++) {
      expect((await attempt(second, "warehouse", "wrong", ip)).statusCode).toBe(401);
    }
    expect((await attempt(first, "warehouse", DEMO_PASSWORD, ip)).statusCode).toBe(429);
  });

  it("60 parallel attempts from one address never pass the address limit", async () => {
    const ip = "203.0.113.20";
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        attempt(i % 2 === 0 ? first : second, SLOW_USERS[i % SLOW_USERS.length] ?? "", "x", ip),
      ),
    );
    const counts = tally(responses);
    expect(Object.keys(counts).sort()).toEqual(["401", "429"]);
    expect(counts[401]).toBeLessThanOrEqual(PER_IP);
    expect(counts[429]).toBeGreaterThanOrEqual(60 - PER_IP);
    for (let i = counts[401] ?? 0; i < PER_IP; i++) {
      expect((await attempt(first, `nobody-${i}`, "x", ip)).statusCode).toBe(401);
    }
    expect((await attempt(second, "office", DEMO_PASSWORD, ip)).statusCode).toBe(429);
  });

  it("a login from another address during a burst succeeds without waiting behind it", async () => {
    const burstIp = "203.0.113.30";
    const userIp = "203.0.113.31";
    const started: string[] = [];
    let userAhead = -1;
    let legit: Promise<LightMyRequestResponse> | undefined;
    const stop = first.passwordHasher.queue.observe((key, servedAhead) => {
      started.push(key);
      if (key === userIp) userAhead = servedAhead;
      // The burst is hashing: now the real user signs in, on the same instance.
      if (key === burstIp && !legit) legit = attempt(first, "office", DEMO_PASSWORD, userIp);
    });
    try {
      const burst = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          attempt(first, SLOW_USERS[i % SLOW_USERS.length] ?? "", "x", burstIp),
        ),
      );
      expect(legit).toBeDefined();
      const response = await (legit as Promise<LightMyRequestResponse>);
      expect(response.statusCode).toBe(200);
      expect(response.json().access).toEqual(expect.any(String));

      const burstHashes = started.filter((key) => key === burstIp).length;
      const afterUser = started.slice(started.indexOf(userIp) + 1).filter((k) => k === burstIp);
      expect(tally(burst)[401]).toBe(burstHashes);
      expect(burstHashes).toBeGreaterThan(40);
      // Served after at most the hashes running when it came plus one turn of the burst's
      // line, while most of the burst was still waiting (a first-come queue would have made
      // it wait for all of them).
      expect(userAhead).toBeGreaterThanOrEqual(0);
      expect(userAhead).toBeLessThanOrEqual(CONCURRENCY + 1);
      expect(afterUser.length).toBeGreaterThan(burstHashes / 2);
    } finally {
      stop();
    }
  });
});
