import { afterAll, beforeAll, vi } from "vitest";

/**
 * Runs this test file with Date (only Date: timers stay real) at noon UTC of today, flowing
 * from there. For API tests that book a line "today" on the demo yard's UTC clock and then ask
 * for today's lines: at real time, a test that booked at 23:59:59.9 and asked at 00:00:00.1
 * found its line on another day. Call it at the top of the file, before the hook that makes
 * the app and its callers, so their tokens are issued on the same clock (hooks run in order;
 * its afterAll, registered first, runs last).
 */
export function runOnMiddayClock(): void {
  beforeAll(() => {
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    vi.useFakeTimers({ toFake: ["Date"], now: noon, shouldAdvanceTime: true });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}
