import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  demoDayClock,
  msUntilYardDayHasRoom,
  shownInYard,
  yardClock,
  yardTimeZone,
} from "./yard-time-zone";

/** The yard's wall clock the run sees: the zone's reading of the shifted instant. */
function yardReading(time: string, now: Date): string {
  const clock = yardClock(time, now);
  expect(Math.abs(clock.shiftMs)).toBeLessThanOrEqual(30 * 60_000);
  return DateTime.fromMillis(now.getTime() + clock.shiftMs, { zone: clock.timeZone }).toFormat(
    "HH:mm:ss",
  );
}

describe("the e2e yard clock", () => {
  // The hours run (npm run test:e2e:hours) starts the suite at these yard times.
  const times = ["06:00", "13:40", "20:55", "23:59"];
  // Real starts spread over a day and across minute, hour and day boundaries.
  const starts = [
    "2026-11-27T00:00:00.000Z",
    "2026-11-27T11:33:53.400Z",
    "2026-11-27T12:29:59.999Z",
    "2026-11-27T12:30:00.000Z",
    "2026-11-27T17:45:10.000Z",
    "2026-11-27T23:59:59.000Z",
    "2026-03-29T01:15:00.000Z",
  ];
  for (const time of times) {
    it(`reads ${time} in the yard when the run starts, whenever it starts`, () => {
      for (const start of starts) {
        expect(yardReading(time, new Date(start)), start).toBe(`${time}:00`);
      }
    });
  }

  it("gives a zone that every part of the run accepts", () => {
    for (const start of starts) {
      const { timeZone } = yardClock("23:59", new Date(start));
      expect(timeZone).toMatch(/^Etc\/(UTC|GMT[+-]([1-9]|1[0-2]))$/);
      expect(DateTime.now().setZone(timeZone).isValid).toBe(true);
      expect(() => new Intl.DateTimeFormat("en", { timeZone })).not.toThrow();
    }
  });

  it("refuses a time that is not HH:MM", () => {
    for (const time of ["24:00", "6:00", "12:60", "noon"]) {
      expect(() => yardClock(time)).toThrow(/HH:MM/);
    }
  });

  it("keeps the hour-only choice about the hour asked for, with the real minutes", () => {
    const now = new Date("2026-11-27T11:33:53Z");
    expect(DateTime.fromJSDate(now, { zone: yardTimeZone(12, now) }).toFormat("HH:mm")).toBe(
      "12:33",
    );
    expect(DateTime.fromJSDate(now, { zone: yardTimeZone(23, now) }).toFormat("HH:mm")).toBe(
      "23:33",
    );
  });
});

describe("the demo's day for the walls", () => {
  const zone = "Etc/GMT-12";
  const demo = "2026-11-27T11:59:05.000Z"; // 23:59:05 in the yard
  it("is now while the yard is on the demo's day with two hours to go", () => {
    const now = new Date("2026-11-27T01:30:00Z"); // 13:30
    expect(demoDayClock(now, "2026-11-26T18:00:00Z", zone)).toBe(now);
  });
  it("is noon of the demo's day once the run has crossed the yard's midnight, or is near it", () => {
    for (const now of ["2026-11-27T12:00:30Z", "2026-11-27T11:59:30Z"]) {
      expect(DateTime.fromJSDate(demoDayClock(new Date(now), demo, zone), { zone }).toISO()).toBe(
        "2026-11-27T12:00:00.000+12:00",
      );
    }
  });
});

describe("yard-clock.cjs", () => {
  it("moves Date in the process and its worker threads, and nothing without a shift", () => {
    const preload = fileURLToPath(new URL("./yard-clock.cjs", import.meta.url));
    const script = `
      const { Worker } = require("node:worker_threads");
      const main = Date.now() - performance.timeOrigin - performance.now();
      const worker = new Worker(
        "require('node:worker_threads').parentPort.postMessage(Date.now() - performance.timeOrigin - performance.now())",
        { eval: true },
      );
      worker.on("message", (inWorker) => {
        console.log(JSON.stringify({ main, inWorker, date: new Date().getTime() - Date.now(), parsed: new Date(0).getTime(), isDate: new Date() instanceof Date }));
        worker.terminate();
      });`;
    const run = (shift: string) => {
      const result = spawnSync(process.execPath, ["-e", script], {
        env: {
          ...process.env,
          NODE_OPTIONS: `--require ${preload}`,
          YARDLINE_E2E_CLOCK_SHIFT_MS: shift,
        },
        encoding: "utf8",
      });
      expect(result.status, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as Record<string, number | boolean>;
    };
    const shifted = run("-1500000");
    expect(Math.abs(Number(shifted.main) + 1_500_000)).toBeLessThan(1_000);
    expect(Math.abs(Number(shifted.inWorker) + 1_500_000)).toBeLessThan(1_000);
    expect(Math.abs(Number(shifted.date))).toBeLessThan(1_000);
    expect(shifted.parsed).toBe(0);
    expect(shifted.isDate).toBe(true);
    const plain = run("");
    expect(Math.abs(Number(plain.main))).toBeLessThan(1_000);
  });
});

describe("a journey that needs its writes and reads on one yard day", () => {
  const zone = "Etc/GMT-3";
  const at = (yardTime: string) => DateTime.fromISO(`2026-11-27T${yardTime}`, { zone }).toJSDate();

  it("waits out the yard's last minute, and never at another hour", () => {
    expect(msUntilYardDayHasRoom(60_000, at("23:59:30"), zone)).toBe(31_000);
    expect(msUntilYardDayHasRoom(60_000, at("23:58:59"), zone)).toBe(0);
    expect(msUntilYardDayHasRoom(60_000, at("12:00:00"), zone)).toBe(0);
    expect(msUntilYardDayHasRoom(60_000, at("00:00:00"), zone)).toBe(0);
  });
});

describe("a fixed instant as the yard reads it", () => {
  it("falls on the day before west of UTC and on the same day east of it", () => {
    expect(shownInYard("2026-11-24T08:30:00Z", undefined, "Etc/GMT+9")).toBe("23/11/2026 23:30");
    expect(shownInYard("2026-11-24T08:30:00Z", undefined, "Etc/GMT-3")).toBe("24/11/2026 11:30");
    expect(shownInYard("2026-11-24T08:30:00Z", "HH:mm", "Etc/UTC")).toBe("08:30");
  });
});
