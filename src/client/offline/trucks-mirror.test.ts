import "fake-indexeddb/auto";
import { DateTime } from "luxon";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Shipper } from "../../shared/contract/trucks";
import { uidOf } from "../test-rows";
import { db } from "./db";
import { listPageKey, readLastSync, readListPage } from "./list-pages";
import {
  compareTrucks,
  putTruck,
  readLocalTrucksPage,
  readTrucks,
  TRUCKS_RESOURCE,
  truckMatcher,
  writeTrucksPage,
} from "./trucks-mirror";

const COMPANY = 7;
const PAGE = 10;
const NOW = DateTime.fromISO("2024-05-10T12:00:00");

function truck(id: number, overrides: Partial<Shipper> = {}): Shipper {
  return {
    id,
    uid: uidOf(id),
    company: COMPANY,
    plate: `${String(id).padStart(4, "0")}BCD`,
    name: `TRANSPORTES ${id}`,
    capacity_load: null,
    phone: null,
    country_code: null,
    // One arrival per hour going back: a higher id arrived later.
    register_date: NOW.minus({ hours: 100 - id })
      .toUTC()
      .toISO(),
    expedition_date: null,
    version: 1,
    ...overrides,
  };
}

/** The server's answer for a page of `all` (already in server order). */
function answer(all: Shipper[], page: number) {
  return { count: all.length, results: all.slice((page - 1) * PAGE, page * PAGE) };
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

beforeEach(async () => {
  await Promise.all([db.trucks.clear(), db.listPages.clear(), db.meta.clear()]);
});

afterAll(() => db.close());

describe("compareTrucks", () => {
  it("orders newest arrival first, never registered last, then newest id", () => {
    const rows = [
      truck(1),
      truck(2, { register_date: null }),
      truck(3),
      truck(4, { register_date: null }),
      truck(5, { register_date: truck(3).register_date }),
    ];
    expect(ids([...rows].sort(compareTrucks))).toEqual([5, 3, 1, 4, 2]);
  });
});

describe("truckMatcher", () => {
  it("matches name anywhere, case-insensitive", () => {
    const matches = truckMatcher({ name: "  garcía " });
    expect(matches(truck(1, { name: "TRANSPORTES GARCÍA E HIJOS" }))).toBe(true);
    expect(matches(truck(2, { name: "TRANSPORTES RUIZ" }))).toBe(false);
  });

  it("matches the plate after normalisation", () => {
    const matches = truckMatcher({ plate: "12-3 4b" });
    expect(matches(truck(1, { plate: "1234BCD" }))).toBe(true);
    expect(matches(truck(2, { plate: "9234BCD" }))).toBe(false);
    expect(truckMatcher({ plate: " - " })(truck(3))).toBe(true);
  });

  it("keeps register dates within whole local days, and drops undated trucks", () => {
    const day = (iso: string) => DateTime.fromISO(iso).toUTC().toISO();
    const matches = truckMatcher({
      register_date_after: "2024-05-09",
      register_date_before: "2024-05-10",
    });
    expect(matches(truck(1, { register_date: day("2024-05-09T00:00:00") }))).toBe(true);
    expect(matches(truck(2, { register_date: day("2024-05-10T23:59:59") }))).toBe(true);
    expect(matches(truck(3, { register_date: day("2024-05-08T23:59:59") }))).toBe(false);
    expect(matches(truck(4, { register_date: day("2024-05-11T00:00:00") }))).toBe(false);
    expect(matches(truck(5, { register_date: null }))).toBe(false);
    expect(truckMatcher({})(truck(6, { register_date: null }))).toBe(true);
  });
});

describe("readLocalTrucksPage", () => {
  it("filters, orders and pages the company's mirrored rows", async () => {
    const rows = Array.from({ length: 25 }, (_, i) => truck(i + 1));
    await db.trucks.bulkPut([...rows, truck(99, { company: 8, name: "OTHER COMPANY" })]);

    const first = await readLocalTrucksPage(COMPANY, {}, 1, PAGE);
    expect(first.count).toBe(25);
    expect(ids(first.rows)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    const third = await readLocalTrucksPage(COMPANY, {}, 3, PAGE);
    expect(ids(third.rows)).toEqual([5, 4, 3, 2, 1]);
    expect((await readLocalTrucksPage(COMPANY, {}, 4, PAGE)).rows).toEqual([]);

    const named = await readLocalTrucksPage(COMPANY, { name: "transportes 1" }, 1, PAGE);
    expect(ids(named.rows)).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10]);
    expect(named.count).toBe(11);
    const plate = await readLocalTrucksPage(COMPANY, { plate: "0012" }, 1, PAGE);
    expect(ids(plate.rows)).toEqual([12]);
  });
});

describe("writeTrucksPage", () => {
  it("mirrors the rows, the page record and the sync time", async () => {
    const all = Array.from({ length: 25 }, (_, i) => truck(25 - i));
    const at = Date.UTC(2024, 4, 10, 10, 30);
    await writeTrucksPage(COMPANY, {}, 1, PAGE, answer(all, 1), at);

    expect(await db.trucks.count()).toBe(10);
    const record = await readListPage(listPageKey(COMPANY, TRUCKS_RESOURCE, {}, 1));
    expect(record).toMatchObject({ count: 25, fetchedAt: at, company: COMPANY });
    expect(record?.ids).toEqual(ids(all.slice(0, 10)));
    expect(ids(await readTrucks(record?.ids ?? []))).toEqual(record?.ids);
    expect(await readLastSync(COMPANY, TRUCKS_RESOURCE)).toBe(at);
    expect(await readLastSync(8, TRUCKS_RESOURCE)).toBeNull();
  });

  it("writes large answers in chunks", async () => {
    const all = Array.from({ length: 1200 }, (_, i) => truck(1200 - i));
    await writeTrucksPage(COMPANY, {}, 1, 1200, { count: 1200, results: all });
    expect(await db.trucks.count()).toBe(1200);
  });

  it("removes rows the page proves gone, and only those", async () => {
    const all = Array.from({ length: 25 }, (_, i) => truck(25 - i));
    for (const page of [1, 2, 3]) await writeTrucksPage(COMPANY, {}, page, PAGE, answer(all, page));
    expect(await db.trucks.count()).toBe(25);

    // Server side, 22 (page 1), 13 (page 2) and 1 (page 3) are deleted.
    const now = all.filter((row) => ![22, 13, 1].includes(row.id));
    await writeTrucksPage(COMPANY, {}, 1, PAGE, answer(now, 1));
    // Page 1 now spans 25..14: 22 is gone; 13 (sorting after the page) is not judged yet.
    expect(await db.trucks.get(22)).toBeUndefined();
    expect(await db.trucks.get(13)).toBeDefined();

    await writeTrucksPage(COMPANY, {}, 2, PAGE, answer(now, 2));
    expect(await db.trucks.get(13)).toBeUndefined();
    expect(await db.trucks.get(1)).toBeDefined();

    // The last page reaches the end of the list.
    await writeTrucksPage(COMPANY, {}, 3, PAGE, answer(now, 3));
    expect(await db.trucks.get(1)).toBeUndefined();
    expect(ids((await readLocalTrucksPage(COMPANY, {}, 1, 100)).rows)).toEqual(ids(now));
  });

  it("judges only rows matching the page's filters, and never other companies", async () => {
    await db.trucks.bulkPut([
      truck(1, { name: "RUIZ" }),
      truck(2, { name: "GARCIA" }),
      truck(3, { name: "RUIZ", company: 8 }),
    ]);
    await writeTrucksPage(COMPANY, { name: "ruiz" }, 1, PAGE, { count: 0, results: [] });
    expect(ids(await db.trucks.toArray())).toEqual([2, 3]);
  });

  it("proves nothing from an empty page past the end", async () => {
    await db.trucks.bulkPut([truck(1), truck(2)]);
    await writeTrucksPage(COMPANY, {}, 5, PAGE, { count: 2, results: [] });
    expect(await db.trucks.count()).toBe(2);
  });

  it("keeps a mirrored row that is newer than the answer", async () => {
    await putTruck(truck(1, { name: "SAVED JUST NOW", version: 3 }));
    await writeTrucksPage(COMPANY, {}, 1, PAGE, {
      count: 1,
      results: [truck(1, { name: "OLD", version: 2 })],
    });
    expect((await db.trucks.get(1))?.name).toBe("SAVED JUST NOW");
    await putTruck(truck(1, { name: "OLDER", version: 1 }));
    expect((await db.trucks.get(1))?.name).toBe("SAVED JUST NOW");
    await putTruck(truck(1, { name: "NEWER", version: 4 }));
    expect((await db.trucks.get(1))?.name).toBe("NEWER");
  });
});
