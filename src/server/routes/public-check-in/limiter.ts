/**
 * A fixed-window counter per key, in memory (one per app): the public self check-in's limits
 * per client address and per page token. Kept in this instance only: behind a load balancer
 * each instance allows its share, which bounds abuse as well for a page this small.
 */
export class WindowLimiter {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; the seconds to wait when over the limit, else 0. */
  take(key: string): number {
    const now = this.now();
    if (this.hits.size > 10_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      this.hits.set(key, { start: now, count: 1 });
      return 0;
    }
    entry.count += 1;
    if (entry.count <= this.max) return 0;
    return Math.max(1, Math.ceil((entry.start + this.windowMs - now) / 1000));
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) {
      if (now - entry.start >= this.windowMs) this.hits.delete(key);
    }
  }
}
