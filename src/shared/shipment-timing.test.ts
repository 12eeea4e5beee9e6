import { describe, expect, it } from "vitest";
import { TIMING_TOLERANCE_MINUTES, timingClass } from "./shipment-timing";

const booked = "2031-05-10T10:00:00Z";
const at = (minutes: number) => new Date(Date.parse(booked) + minutes * 60_000);

describe("timingClass", () => {
  it("uses a 15-minute tolerance", () => {
    expect(TIMING_TOLERANCE_MINUTES).toBe(15);
  });

  it("arrived: forward when earlier than booked - 15 min, delay after booked + 15 min", () => {
    const now = at(24 * 60);
    expect(timingClass({ booked_date: booked, arrival_date: at(-16) }, now)).toBe("forward");
    expect(timingClass({ booked_date: booked, arrival_date: at(-15) }, now)).toBe("in_time");
    expect(timingClass({ booked_date: booked, arrival_date: at(0) }, now)).toBe("in_time");
    expect(timingClass({ booked_date: booked, arrival_date: at(15) }, now)).toBe("in_time");
    expect(timingClass({ booked_date: booked, arrival_date: at(16) }, now)).toBe("delay");
  });

  it("arrived: the class does not change with the clock", () => {
    for (const now of [at(-600), at(0), at(6000)]) {
      expect(timingClass({ booked_date: booked, arrival_date: at(-30) }, now)).toBe("forward");
    }
  });

  it("not arrived: in time until booked + 15 min has passed, then delay", () => {
    const line = { booked_date: booked, arrival_date: null };
    expect(timingClass(line, at(-120))).toBe("in_time");
    expect(timingClass(line, at(15))).toBe("in_time");
    expect(timingClass(line, at(15.1))).toBe("delay");
    expect(timingClass(line, at(24 * 60))).toBe("delay");
  });

  it("accepts Dates, ISO strings and epoch milliseconds", () => {
    const now = Date.parse(booked) + 60 * 60_000;
    expect(timingClass({ booked_date: new Date(booked), arrival_date: null }, new Date(now))).toBe(
      "delay",
    );
    expect(timingClass({ booked_date: Date.parse(booked), arrival_date: null }, now)).toBe("delay");
  });
});
