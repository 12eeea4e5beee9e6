import { eq, like } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app";
import type { Database } from "../../db/database";
import { DEMO_CHECK_IN_TOKENS } from "../../db/demo-check-in";
import { PLAIN, TRW } from "../../db/demo-data";
import { companies } from "../../db/schema/companies";
import { loginThrottle } from "../../db/schema/sessions";
import { createScratchStorage, type ScratchStorage, testConfig } from "../../test/harness";
import { openSeededPglite } from "../../test/pglite-template";
import { insertLine } from "../../test/shipments";

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

const check = (app: App, token: string, address: string, reference: string) =>
  app.inject({
    method: "POST",
    url: `/api/public/check-in/${token}`,
    remoteAddress: address,
    payload: {
      reference,
      plate: `LIM${address.split(".").at(-1)}`,
      name: "D",
      phone: "+34611222333",
    },
  });

async function companyIdOf(name: string): Promise<number> {
  const [row] = await first.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, name));
  return row?.id ?? 0;
}

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

  it("strangers' requests from many addresses never lock the page for a driver", async () => {
    // 34 addresses x 10 page loads each (the 340 requests): the page stays open.
    const loads = await Promise.all(
      Array.from({ length: 340 }, (_, index) =>
        page(index % 2 === 0 ? first : second, plainToken, `203.0.113.${(index % 34) + 1}`),
      ),
    );
    expect(statuses(loads).filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect((await page(first, plainToken, "203.0.113.200")).statusCode).toBe(200);
  });

  it("counts failed references per page across addresses and instances, never a driver's", async () => {
    const failures = await Promise.all(
      Array.from({ length: PER_PAGE + 8 }, (_, index) =>
        check(index % 2 === 0 ? first : second, plainToken, `192.0.2.${index + 1}`, "NO-SUCH"),
      ),
    );
    const notFound = statuses(failures).filter((status) => status === 404).length;
    expect(notFound).toBeLessThanOrEqual(PER_PAGE);
    expect(notFound).toBeGreaterThan(0);
    for (let index = notFound; index < PER_PAGE; index++) {
      const answer = await check(second, plainToken, `192.0.2.${100 + index}`, "NO-SUCH");
      expect(answer.statusCode).toBe(404);
    }
    // Over the page's limit: a failing reference is refused from a fresh address...
    const refused = await check(first, plainToken, "192.0.2.200", "NO-SUCH");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // ...but a driver whose reference finds today's line checks in, and the page still loads.
    const code = `LIM-${Date.now().toString(36)}`.toUpperCase();
    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    await insertLine(first.db, await companyIdOf(PLAIN), 2, { code, bookedDate: hour });
    const driver = await check(second, plainToken, "192.0.2.201", code);
    expect(driver.statusCode, driver.body).toBe(200);
    expect((await page(first, plainToken, "192.0.2.202")).statusCode).toBe(200);
    // Another page is not held back.
    expect((await check(first, trwToken, "192.0.2.203", "NO-SUCH")).statusCode).toBe(404);
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
