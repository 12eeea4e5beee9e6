import "fake-indexeddb/auto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { CriticalLine } from "../../shared/contract/critical-lines";
import { uidOf } from "../test-rows";
import {
  applyCriticalLineChanges,
  criticalLineMatcher,
  readLocalCriticalLinesPage,
  sweepCriticalLines,
  writeCriticalLinesPage,
} from "./critical-lines-mirror";
import { db } from "./db";

const COMPANY = 3;

function line(id: number, init: string, end: string, overrides: Partial<CriticalLine> = {}) {
  return {
    id,
    uid: uidOf(id),
    company: COMPANY,
    init_date: init,
    end_date: end,
    cause: "Delay",
    activity: "Assembly",
    line: `L-${id}`,
    product: "Caliper",
    contact: "Ana",
    destination: "Porto",
    observations: "",
    provider: "Frenos Norte",
    client_name: "Iberia Motors",
    user: null,
    version: 1,
    ...overrides,
  } satisfies CriticalLine;
}

beforeEach(async () => {
  await db.criticalLines.clear();
  await db.listPages.clear();
});
afterAll(() => db.close());

describe("critical lines mirror", () => {
  it("filters like the API: overlap with the days, texts contain, case-insensitive", () => {
    const running = line(1, "2030-05-01T08:00:00Z", "2030-05-03T08:00:00Z");
    const fromNow = criticalLineMatcher({ date_after: "2030-05-03" });
    expect(fromNow(running)).toBe(true);
    expect(criticalLineMatcher({ date_after: "2030-05-04" })(running)).toBe(false);
    expect(criticalLineMatcher({ date_before: "2030-04-30" })(running)).toBe(false);
    expect(criticalLineMatcher({ provider: "NORTE" })(running)).toBe(true);
    expect(criticalLineMatcher({ line: "L-2" })(running)).toBe(false);
  });

  it("keeps the answered page, pages it on the device offline, and follows the feed", async () => {
    const rows = [
      line(2, "2030-05-02T08:00:00Z", "2030-05-02T10:00:00Z"),
      line(1, "2030-05-01T08:00:00Z", "2030-05-01T10:00:00Z"),
      line(3, "2030-05-03T08:00:00Z", "2030-05-03T10:00:00Z"),
    ];
    await writeCriticalLinesPage(COMPANY, {}, 1, 10, { count: 3, results: rows });
    const local = await readLocalCriticalLinesPage(COMPANY, {}, 1, 2);
    expect(local.count).toBe(3);
    expect(local.rows.map((row) => row.id)).toEqual([1, 2]);

    await applyCriticalLineChanges(
      [{ ...rows[0], line: "L-CHANGED", version: 2 } as CriticalLine],
      [3],
    );
    const after = await readLocalCriticalLinesPage(COMPANY, {}, 1, 10);
    expect(after.rows.map((row) => row.line)).toEqual(["L-1", "L-CHANGED"]);

    // An older version from a late answer does not overwrite the newer row.
    await applyCriticalLineChanges([rows[0] as CriticalLine], []);
    expect((await db.criticalLines.get(2))?.line).toBe("L-CHANGED");

    await sweepCriticalLines(COMPANY, new Set([2]));
    expect(await db.criticalLines.toCollection().primaryKeys()).toEqual([2]);
  });
});
