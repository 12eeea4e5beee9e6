import { like } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app";
import type { Database } from "../../db/database";
import { DEMO_CHECK_IN_TOKENS } from "../../db/demo-check-in";
import { PLAIN, TRW } from "../../db/demo-data";
import { loginThrottle } from "../../db/schema/sessions";
import { createScratchStorage, type ScratchStorage, testConfig } from "../../test/harness";
import { openSeededPglite } from "../../test/pglite-template";

/**
 * The public self check-in's limits are counted in the database: two app instances on one
 * database (two pools on PostgreSQL, one PGlite shared) see the same counts, and a parallel
 * burst is never admitted beyond the limit.
 */
const PER_ADDRESS = 5;
const PER_PAGE = 20;

let first: App;
let second: App;
let scratch: ScratchStorage | undefined;

beforeAll(async () => {
  const base = testConfig();
  const config = testConfig({
    limits: { ...base.limits, selfCheckInPerAddress: PER_ADDRESS, selfCheckInPerPage: PER_PAGE },
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
}, 60_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await scratch?.remove();
});

const page = (app: App, token: string, address: string) =>
  app.inject({ method: "GET", url: `/api/public/check-in/${token}`, remoteAddress: address });

const plainToken = DEMO_CHECK_IN_TOKENS[PLAIN] ?? "";
const trwToken = DEMO_CHECK_IN_TOKENS[TRW] ?? "";
const statuses = (responses: readonly LightMyRequestResponse[]) =>
  responses.map((response) => response.statusCode);

describe("public self check-in limits across instances", () => {
  it("counts an address on both instances: the limit holds whichever answers", async () => {
    const address = "198.51.100.1";
    const answers: LightMyRequestResponse[] = [];
    for (let index = 0; index < PER_ADDRESS + 2; index++) {
      answers.push(await page(index % 2 === 0 ? first : second, trwToken, address));
    }
    expect(statuses(answers)).toEqual([...Array(PER_ADDRESS).fill(200), ...Array(2).fill(429)]);
    const refused = answers[PER_ADDRESS];
    expect(refused?.json()).toMatchObject({ code: "rate_limited" });
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused?.headers["retry-after"])).toBeLessThanOrEqual(600);
    // Another address is not held back, on either instance.
    expect((await page(second, trwToken, "198.51.100.2")).statusCode).toBe(200);
  });

  it("a parallel burst from one address is never admitted beyond the limit", async () => {
    const address = "198.51.100.3";
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        page(index % 2 === 0 ? first : second, trwToken, address),
      ),
    );
    const admitted = statuses(burst).filter((status) => status === 200).length;
    expect(admitted).toBeGreaterThan(0);
    expect(admitted).toBeLessThanOrEqual(PER_ADDRESS);
    expect(statuses(burst).filter((status) => status !== 200 && status !== 429)).toEqual([]);
    // Refused requests were given back: the rest of the allowance is still there, then no more.
    for (let index = admitted; index < PER_ADDRESS; index++) {
      expect((await page(first, trwToken, address)).statusCode).toBe(200);
    }
    expect((await page(second, trwToken, address)).statusCode).toBe(429);
  });

  it("counts a page across addresses and instances; another page is not held back", async () => {
    const burst = await Promise.all(
      Array.from({ length: PER_PAGE + 8 }, (_, index) =>
        page(index % 2 === 0 ? first : second, plainToken, `192.0.2.${index + 1}`),
      ),
    );
    const admitted = statuses(burst).filter((status) => status === 200).length;
    expect(admitted).toBeLessThanOrEqual(PER_PAGE);
    expect(admitted).toBeGreaterThan(0);
    for (let index = admitted; index < PER_PAGE; index++) {
      expect((await page(second, plainToken, `192.0.2.${100 + index}`)).statusCode).toBe(200);
    }
    const fresh = await page(first, plainToken, "192.0.2.200");
    expect(fresh.statusCode).toBe(429);
    expect((await page(first, trwToken, "192.0.2.201")).statusCode).toBe(200);
    // The table holds the page's key hashed, never the live address of the page.
    const keys = await first.db
      .select({ key: loginThrottle.key })
      .from(loginThrottle)
      .where(like(loginThrottle.key, "self-check-in:page:%"));
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) {
      expect(key).not.toContain(plainToken);
      expect(key).not.toContain(trwToken);
    }
  });
});
