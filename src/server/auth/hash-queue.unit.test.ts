import { describe, expect, it } from "vitest";
import { HashQueue, HashQueueBusy } from "./hash-queue";

/** A task that ends when the test says so. */
function gate() {
  let open: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { task: () => done, open };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("hash queue", () => {
  it("runs at most `concurrency` jobs at once", async () => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g) => queue.run("a", g.task));
    await tick();
    expect(queue.stats()).toEqual({ running: 2, waiting: 1, started: 2 });
    gates[0]?.open();
    await tick();
    expect(queue.stats()).toEqual({ running: 2, waiting: 0, started: 3 });
    gates[1]?.open();
    gates[2]?.open();
    await Promise.all(runs);
    expect(queue.stats().running).toBe(0);
  });

  it("serves waiting clients in turn, so a burst waits behind itself", async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 100, maxWaitMs: 10_000 });
    const order: string[] = [];
    const ahead = new Map<string, number>();
    queue.observe((key, servedAhead) => {
      order.push(key);
      if (!ahead.has(key)) ahead.set(key, servedAhead);
    });
    const first = gate();
    const runs = [queue.run("burst", first.task)];
    for (let i = 0; i < 5; i++) runs.push(queue.run("burst", async () => undefined));
    runs.push(queue.run("user", async () => undefined));
    first.open();
    await Promise.all(runs);
    expect(order).toEqual(["burst", "burst", "user", "burst", "burst", "burst", "burst"]);
    expect(ahead.get("user")).toBe(2);
  });

  it("refuses when the waiting room is full, but a newcomer displaces the longest line", async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 2, maxWaitMs: 10_000 });
    const running = gate();
    const runs = [queue.run("burst", running.task)];
    const waiting = [queue.run("burst", async () => "a"), queue.run("burst", async () => "b")];
    // Same line as the longest: nothing to displace.
    await expect(queue.run("burst", async () => "c")).rejects.toBeInstanceOf(HashQueueBusy);
    // Another client takes the place of the burst's newest waiting job.
    const user = queue.run("user", async () => "user");
    await expect(waiting[1]).rejects.toBeInstanceOf(HashQueueBusy);
    running.open();
    await Promise.all(runs);
    expect(await waiting[0]).toBe("a");
    expect(await user).toBe("user");
  });

  it("refuses a job that waited too long, and never runs it", async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 10, maxWaitMs: 20 });
    const running = gate();
    const first = queue.run("a", running.task);
    let ran = false;
    const late = queue.run("b", async () => {
      ran = true;
    });
    await expect(late).rejects.toBeInstanceOf(HashQueueBusy);
    running.open();
    await first;
    expect(ran).toBe(false);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, started: 1 });
  });

  it("frees the slot when a job throws", async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 10, maxWaitMs: 10_000 });
    await expect(
      queue.run("a", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await queue.run("a", async () => 42)).toBe(42);
  });
});
