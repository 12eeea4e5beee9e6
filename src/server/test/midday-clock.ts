import { vi } from "vitest";

/**
 * Moves Date (only Date: timers stay real) to noon UTC of today, flowing from there, until
 * the returned function puts it back. For API tests that book a line "today" on the demo
 * yard's UTC clock and then ask for today's lines: at real time, a test that booked at
 * 23:59:59.9 and asked at 00:00:00.1 found its line on another day. Call it before the app and
 * its callers are made, so their tokens are issued on the same clock.
 */
export function holdMiddayClock(): () => void {
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  vi.useFakeTimers({ toFake: ["Date"], now: noon, shouldAdvanceTime: true });
  return () => vi.useRealTimers();
}
