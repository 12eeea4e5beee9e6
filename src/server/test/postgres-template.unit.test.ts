import { describe, expect, it } from "vitest";
import { seedHour, seedHourStart } from "./pglite-template";
import { isStaleTemplateHour } from "./postgres-template";

/** 01:10 local on 29 November 2026, when a midday-clock file builds the template of 12:00. */
const AT_0110 = new Date(2026, 10, 29, 1, 10).getTime();

describe("which PostgreSQL templates a build drops", () => {
  it("keeps the real hour's and the midday clock's of the same day, whatever the hour", () => {
    expect(isStaleTemplateHour("2026112901", AT_0110)).toBe(false);
    expect(isStaleTemplateHour("2026112912", AT_0110)).toBe(false);
    // Late in the day the midday template lies twelve hours back: still kept.
    expect(isStaleTemplateHour("2026112912", new Date(2026, 10, 29, 23, 59).getTime())).toBe(false);
    // The hours before, for a run that crossed one.
    expect(isStaleTemplateHour("2026112823", AT_0110)).toBe(false);
  });

  it("reads a template's hour back as the start of the hour seedHour named", () => {
    expect(seedHour(new Date(AT_0110))).toBe("2026112901");
    expect(seedHourStart("2026112901")).toBe(new Date(2026, 10, 29, 1).getTime());
    expect(seedHourStart("latest_key")).toBeUndefined();
  });

  it("drops the templates of hours long gone or far ahead, and leaves foreign names alone", () => {
    expect(isStaleTemplateHour("2026112810", AT_0110)).toBe(true);
    expect(isStaleTemplateHour("2032120112", AT_0110)).toBe(true);
    expect(isStaleTemplateHour("latest_key", AT_0110)).toBe(false);
  });
});
