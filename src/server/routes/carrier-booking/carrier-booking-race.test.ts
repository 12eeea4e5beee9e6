import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingPage } from "../../../shared/contract/carrier-booking";
import type { ErrorBody } from "../../../shared/contract/errors";
import { type App, buildApp } from "../../app";
import type { Database } from "../../db/database";
import { PLAIN } from "../../db/demo-data";
import { companies } from "../../db/schema/companies";
import { saveSettings } from "../../domain/carrier-booking/repository";
import { lockBookingHour, saveSchedule } from "../../domain/scheduling/repository";
import { createScratchStorage, type ScratchStorage, testConfig } from "../../test/harness";
import { openSeededPglite } from "../../test/pglite-template";
import { insertLine } from "../../test/shipments";

/**
 * Two app instances on one database (two pools on PostgreSQL; one PGlite shared): carriers
 * racing for an hour's last place get one booking and one slot_full with alternatives, never
 * an overbooked hour; the limits per address and per page hold across both; the form's
 * minimum fill time refuses a form sent back at once.
 */
const ZONE = "UTC";
const TOKEN = "race-page-token";
const PER_ADDRESS = 8;
const PER_PAGE = 3;
const MIN_FILL_MS = 600;
let first: App;
let second: App;
let scratch: ScratchStorage | undefined;
let plain: number;
const day = DateTime.now().setZone(ZONE).plus({ days: 12 }).toISODate() ?? "";
const hour = (h: number) => `${day}T${String(h).padStart(2, "0")}:00:00Z`;

beforeAll(async () => {
  const base = testConfig();
  const config = testConfig({
    limits: {
      ...base.limits,
      carrierBookingPerAddress: PER_ADDRESS,
      carrierBookingPerPage: PER_PAGE,
      carrierBookingMinFillMs: MIN_FILL_MS,
    },
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
  const [row] = await first.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, PLAIN));
  plain = row?.id ?? 0;
  await saveSchedule(first.db, plain, {
    timeZone: ZONE,
    opensAt: 6,
    closesAt: 21,
    loadPerHour: 10,
    unloadPerHour: 1,
    limitExpeditions: false,
  });
  await saveSettings(first.db, plain, { token: TOKEN, unload: true, referenceMode: "match" });
}, 60_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await scratch?.remove();
});

let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.2.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

async function stamp(app: App): Promise<string> {
  const page = await app.inject({
    method: "GET",
    url: `/api/public/carrier-booking/${TOKEN}`,
    remoteAddress: nextAddress(),
  });
  expect(page.statusCode, page.body).toBe(200);
  return page.json<BookingPage>().form;
}

function book(app: App, reference: string, start: string, form: string, address = nextAddress()) {
  return app.inject({
    method: "POST",
    url: `/api/public/carrier-booking/${TOKEN}`,
    remoteAddress: address,
    payload: {
      operation: "unload",
      start,
      reference,
      carrier: "Race Carrier",
      plate: "RACE 1",
      phone: "+34 611 222 333",
      email: "race@carrier.example",
      form,
    },
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("two instances, one database", () => {
  it("the hour's last place goes to one carrier; the other is told at once with the nearest hours", async () => {
    for (let round = 0; round < 3; round++) {
      const start = hour(8 + round * 3);
      const a = `RACE-A-${round}`;
      const b = `RACE-B-${round}`;
      await insertLine(first.db, plain, 2, { code: a, bookedDate: new Date(hour(6)) });
      await insertLine(first.db, plain, 2, { code: b, bookedDate: new Date(hour(6)) });
      const forms = [await stamp(first), await stamp(second)];
      await wait(MIN_FILL_MS);
      const answers = await Promise.all([
        book(first, a, start, forms[0] ?? ""),
        book(second, b, start, forms[1] ?? ""),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join("\n")).toEqual([201, 400]);
      const loser = answers.find((answer) => answer.statusCode === 400);
      expect(loser?.json<ErrorBody>().field_codes?.start?.[0]?.code).toBe("slot_full");
      const alternatives = loser?.json<{ alternatives: string[] }>().alternatives ?? [];
      expect(alternatives.length).toBeGreaterThan(0);
      expect(alternatives.map((at) => new Date(at).getTime())).not.toContain(
        new Date(start).getTime(),
      );
      const hours = await second.inject({
        method: "GET",
        url: `/api/public/carrier-booking/${TOKEN}/hours?operation=unload&day=${day}`,
        remoteAddress: nextAddress(),
      });
      expect(
        hours.json<{ hours: string[] }>().hours.map((at) => new Date(at).getTime()),
      ).not.toContain(new Date(start).getTime());
    }
  });

  // PGlite has one connection: a transaction held open there holds everything.
  it.skipIf(!process.env.DATABASE_URL)(
    "a booking of another hour does not wait for an hour being booked; the same hour does",
    async () => {
      await insertLine(first.db, plain, 2, { code: "HOUR-LOCK-1", bookedDate: new Date(hour(6)) });
      await insertLine(first.db, plain, 2, { code: "HOUR-LOCK-2", bookedDate: new Date(hour(6)) });
      const forms = [await stamp(second), await stamp(second)];
      await wait(MIN_FILL_MS);
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held: () => void = () => undefined;
      const isHeld = new Promise<void>((resolve) => {
        held = resolve;
      });
      // Another instance is in the middle of booking 16:00 (receptions).
      const holder = first.db.transaction(async (tx) => {
        await lockBookingHour(tx, plain, 2, new Date(hour(16)));
        held();
        await released;
      });
      await isHeld;
      let sameHourAnswered = false;
      const sameHour = book(second, "HOUR-LOCK-2", hour(16), forms[1] ?? "").then((answer) => {
        sameHourAnswered = true;
        return answer;
      });
      const otherHour = await book(second, "HOUR-LOCK-1", hour(17), forms[0] ?? "");
      expect(otherHour.statusCode, otherHour.body).toBe(201);
      expect(sameHourAnswered).toBe(false);
      release();
      await holder;
      expect((await sameHour).statusCode).toBe(201);
    },
  );

  it("refuses a form sent back sooner than the minimum fill time", async () => {
    await insertLine(first.db, plain, 2, { code: "FAST-1", bookedDate: new Date(hour(6)) });
    const fast = await book(first, "FAST-1", hour(18), await stamp(first));
    expect(fast.statusCode).toBe(400);
    expect(fast.json<ErrorBody>().message).toContain("too fast");
  });

  it("limits one address across both instances", async () => {
    const address = "10.9.9.9";
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 2; i++) {
      const app = i % 2 === 0 ? first : second;
      const response = await app.inject({
        method: "GET",
        url: `/api/public/carrier-booking/${TOKEN}`,
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(PER_ADDRESS);
    expect(statuses.slice(PER_ADDRESS)).toEqual([429, 429]);
  });

  it("unknown references lock the page only for unknown references, never for a carrier the warehouse expects", async () => {
    const forms = await Promise.all(
      Array.from({ length: PER_PAGE + 2 }, (_, i) => stamp(i % 2 ? first : second)),
    );
    await wait(MIN_FILL_MS);
    const statuses: number[] = [];
    for (const [i, form] of forms.entries()) {
      const app = i % 2 ? second : first;
      statuses.push((await book(app, `UNKNOWN-${i}`, hour(19), form)).statusCode);
    }
    expect(statuses.slice(0, PER_PAGE)).toEqual(Array(PER_PAGE).fill(400));
    expect(statuses.slice(PER_PAGE)).toEqual([429, 429]);
    await insertLine(first.db, plain, 2, { code: "EXPECTED-1", bookedDate: new Date(hour(6)) });
    const form = await stamp(second);
    await wait(MIN_FILL_MS);
    const expected = await book(second, "EXPECTED-1", hour(20), form);
    expect(expected.statusCode, expected.body).toBe(201);
  });

  it("one planned line goes to one carrier even when both pick different hours (last: it spends the page's unknown-reference limit)", async () => {
    await insertLine(first.db, plain, 2, { code: "RACE-LINE-1", bookedDate: new Date(hour(6)) });
    const forms = [await stamp(first), await stamp(second)];
    await wait(MIN_FILL_MS);
    const answers = await Promise.all([
      book(first, "RACE-LINE-1", hour(7), forms[0] ?? ""),
      book(second, "race-line-1", hour(10), forms[1] ?? ""),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    // The other is refused (400; 429 once the page's unknown-reference limit is reached).
    expect(codes[0], answers.map((answer) => answer.body).join("\n")).toBe(201);
    expect([400, 429]).toContain(codes[1]);
  });
});
