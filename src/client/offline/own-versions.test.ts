import { beforeEach, describe, expect, it } from "vitest";
import { db } from "./db";
import { recordOwnVersion, sweepOwnVersions, versionAfterOwnChanges } from "./own-versions";

const ROW = "shipment:7";
const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 27, 12);

const record = (from: number, to: number, now = NOW) =>
  db.transaction("rw", db.meta, () => recordOwnVersion(ROW, from, to, now));
const sweep = (now: number) => db.transaction("rw", db.meta, () => sweepOwnVersions(now));
const versionFor = (seen: number, current: number) =>
  db.transaction("r", db.meta, () => versionAfterOwnChanges(ROW, seen, current));

beforeEach(async () => {
  await db.meta.clear();
});

describe("own versions (a delete made on the version the list showed)", () => {
  it("moves past this device's own answered changes, joined one after another", async () => {
    await record(5, 6);
    await record(6, 7);
    expect(await versionFor(5, 7)).toBe(7);
    expect(await versionFor(6, 7)).toBe(7);
    expect(await versionFor(7, 7)).toBe(7);
  });

  it("stays on the version seen when anyone else made a version in between", async () => {
    await record(5, 6);
    // Another user made 7; this device's next change went from 7 to 8.
    await record(7, 8);
    expect(await versionFor(5, 8)).toBe(5);
    expect(await versionFor(6, 8)).toBe(6);
    expect(await versionFor(7, 8)).toBe(8);
    // The row moved on again by someone else: the span no longer reaches it.
    expect(await versionFor(7, 9)).toBe(7);
    expect(await versionFor(4, 6)).toBe(4);
  });

  it("forgets spans older than a day, sweeping at most once an hour", async () => {
    const MINUTE = 60_000;
    await db.transaction("rw", db.meta, () => recordOwnVersion("shipment:1", 1, 2, NOW));
    await record(5, 6, NOW + 23 * HOUR);
    const held = async () => (await db.meta.get("own-version:shipment:1")) !== undefined;
    await sweep(NOW + 23 * HOUR + 30 * MINUTE);
    expect(await held()).toBe(true);
    // A day old now, but the last sweep was 45 minutes ago: nothing is read yet.
    await sweep(NOW + 24 * HOUR + 15 * MINUTE);
    expect(await held()).toBe(true);
    await sweep(NOW + 24 * HOUR + 31 * MINUTE);
    expect(await held()).toBe(false);
    // The span answered within the day stays.
    expect(await versionFor(5, 6)).toBe(6);
  });
});
