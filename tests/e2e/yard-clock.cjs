// Preloaded (NODE_OPTIONS=--require) into every Node process of an e2e run at a chosen minute of
// the yard's day (tests/e2e/yard-time-zone.ts, yardClock): the test workers, the e2e server, the
// app server and its PGlite thread (PostgreSQL's now() reads Date.now there). It moves `Date`
// by YARDLINE_E2E_CLOCK_SHIFT_MS; timers and performance.now() keep the real clock.
const shift = Number(process.env.YARDLINE_E2E_CLOCK_SHIFT_MS ?? 0);
if (shift && !globalThis.__yardClockShift) {
  const RealDate = Date;
  const now = () => RealDate.now() + shift;
  globalThis.__yardClockShift = shift;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length > 0 ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === "now" ? now : Reflect.get(target, key, receiver)),
  });
}
