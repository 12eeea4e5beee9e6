import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  defaultRule,
  expandOccurrences,
  fromRrule,
  MAX_OCCURRENCES,
  type RecurrenceRule,
  toRrule,
} from "./recurrence";

const at = (iso: string) => new Date(iso);
const days = (dates: Date[]) => dates.map((date) => date.toISOString().slice(0, 16));
const first = DateTime.fromISO("2026-01-05T08:00:00", { zone: "utc" }); // a Monday

function rule(change: Partial<RecurrenceRule>): RecurrenceRule {
  return { ...defaultRule(first), ...change };
}

describe("the form's rule as an RRULE string", () => {
  const cases: [string, RecurrenceRule, string][] = [
    [
      "weekly on weekdays, 8 times",
      rule({ weekdays: ["WE", "MO"], end: { kind: "count", count: 8 } }),
      "RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;COUNT=8",
    ],
    [
      "every 2 days until a date",
      rule({ frequency: "daily", interval: 2, end: { kind: "until", until: "2026-02-01" } }),
      "RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20260201T235959Z",
    ],
    [
      "monthly on the 31st, never ending",
      rule({ frequency: "monthly", months: [], monthlyBy: "date", monthDay: 31 }),
      "RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31",
    ],
    [
      "monthly on the last Friday",
      rule({ frequency: "monthly", months: [], monthlyBy: "weekday", nth: -1, nthWeekday: "FR" }),
      "RRULE:FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR",
    ],
    [
      "yearly on the 2nd Tuesday of March and June, 3 times",
      rule({
        frequency: "yearly",
        months: [6, 3],
        monthlyBy: "weekday",
        nth: 2,
        nthWeekday: "TU",
        end: { kind: "count", count: 3 },
      }),
      "RRULE:FREQ=YEARLY;INTERVAL=1;BYMONTH=3,6;BYDAY=2TU;COUNT=3",
    ],
    [
      "yearly on 28 February",
      rule({ frequency: "yearly", months: [2], monthlyBy: "date", monthDay: 28 }),
      "RRULE:FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=28",
    ],
  ];

  it.each(cases)("%s", (_, form, text) => {
    expect(toRrule(form)).toBe(text);
    // And back: the string shows as the same rule in the form.
    const back = fromRrule(text, first);
    expect(toRrule(back)).toBe(text);
    expect(back.frequency).toBe(form.frequency);
    expect(back.end).toEqual(form.end);
  });

  it("reads the last weekday back as nth -1 and the weekly days in order", () => {
    const back = fromRrule("RRULE:FREQ=MONTHLY;BYDAY=-1FR", first);
    expect(back).toMatchObject({ monthlyBy: "weekday", nth: -1, nthWeekday: "FR", interval: 1 });
    expect(fromRrule("FREQ=WEEKLY;BYDAY=FR,MO", first).weekdays).toEqual(["FR", "MO"]);
  });

  it("refuses what the form cannot hold", () => {
    expect(() => fromRrule("RRULE:FREQ=HOURLY", first)).toThrow(RangeError);
    expect(() => fromRrule("RRULE:FREQ=MONTHLY;BYDAY=5FR", first)).toThrow(RangeError);
    expect(() => fromRrule("hello", first)).toThrow(RangeError);
  });
});

describe("expanding a rule into the dates to create", () => {
  it("weekly for 8 weeks from a Monday", () => {
    const dates = expandOccurrences(
      "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=8",
      at("2026-01-05T08:00:00Z"),
    );
    expect(dates).toHaveLength(8);
    expect(days(dates).at(0)).toBe("2026-01-05T08:00");
    expect(days(dates).at(-1)).toBe("2026-02-23T08:00");
  });

  it("daily every 3 days until a date, that day included", () => {
    const dates = expandOccurrences(
      "RRULE:FREQ=DAILY;INTERVAL=3;UNTIL=20260114T235959Z",
      at("2026-01-05T10:30:00Z"),
    );
    expect(days(dates)).toEqual([
      "2026-01-05T10:30",
      "2026-01-08T10:30",
      "2026-01-11T10:30",
      "2026-01-14T10:30",
    ]);
  });

  it("monthly on the 31st skips the months without one", () => {
    const dates = expandOccurrences(
      "RRULE:FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4",
      at("2026-01-31T06:00:00Z"),
    );
    expect(days(dates)).toEqual([
      "2026-01-31T06:00",
      "2026-03-31T06:00",
      "2026-05-31T06:00",
      "2026-07-31T06:00",
    ]);
  });

  it("monthly on the last Friday", () => {
    const dates = expandOccurrences(
      "RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=3",
      at("2026-01-01T09:00:00Z"),
    );
    expect(days(dates)).toEqual(["2026-01-30T09:00", "2026-02-27T09:00", "2026-03-27T09:00"]);
  });

  it("yearly by date and by nth weekday in chosen months", () => {
    expect(
      days(
        expandOccurrences(
          "RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15;COUNT=2",
          at("2026-01-01T07:00:00Z"),
        ),
      ),
    ).toEqual(["2026-03-15T07:00", "2027-03-15T07:00"]);
    expect(
      days(
        expandOccurrences(
          "RRULE:FREQ=YEARLY;BYMONTH=3,6;BYDAY=2TU;COUNT=3",
          at("2026-01-01T07:00:00Z"),
        ),
      ),
    ).toEqual(["2026-03-10T07:00", "2026-06-09T07:00", "2027-03-09T07:00"]);
  });

  it("never ending: the occurrences of the horizon (a year), no more", () => {
    const weekly = expandOccurrences("RRULE:FREQ=WEEKLY;BYDAY=MO", at("2026-01-05T08:00:00Z"));
    expect(weekly).toHaveLength(53);
    expect(days(weekly).at(-1)).toBe("2027-01-04T08:00");
    const daily = expandOccurrences("RRULE:FREQ=DAILY;COUNT=5000", at("2026-01-05T08:00:00Z"));
    expect(daily).toHaveLength(MAX_OCCURRENCES);
  });

  it("keeps the yard's wall clock across a daylight-saving change", () => {
    // Madrid: 08:00 is 07:00Z in winter and 06:00Z in summer (clocks change 29 March 2026).
    const dates = expandOccurrences(
      "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3",
      at("2026-03-23T07:00:00Z"),
      "Europe/Madrid",
    );
    expect(days(dates)).toEqual(["2026-03-23T07:00", "2026-03-30T06:00", "2026-04-06T06:00"]);
  });

  it("refuses rules that are not valid", () => {
    const start = at("2026-01-05T08:00:00Z");
    expect(() => expandOccurrences("RRULE:FREQ=WEEKLY;INTERVAL=0", start)).toThrow(RangeError);
    expect(() => expandOccurrences("RRULE:FREQ=WEEKLY;COUNT=0", start)).toThrow(RangeError);
    expect(() => expandOccurrences("RRULE:FREQ=SECONDLY", start)).toThrow(RangeError);
    expect(() => expandOccurrences("nonsense", start)).toThrow(RangeError);
    expect(() => expandOccurrences("RRULE:FREQ=WEEKLY", start, "Mars/Base")).toThrow(RangeError);
  });
});
