import { describe, expect, it } from "vitest";
import { coalescedReads } from "./coalesced-reads";

/** A read whose answer the test gives when it wants: each run is recorded. */
function controlledReads() {
  const runs: { answer: (value: number) => void; fail: (error: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      runs.push({ answer: resolve, fail: reject });
    });
  return { runs, read };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("coalescedReads", () => {
  it("never answers a read with a run that started before it; reads arriving meanwhile share the next", async () => {
    const shared = coalescedReads<number>();
    const db = {};
    const { runs, read } = controlledReads();
    const first = shared(db, "k", read);
    expect(runs).toHaveLength(1);
    // Three identical reads arrive while the first runs: none joins it, they share one run.
    const later = [shared(db, "k", read), shared(db, "k", read), shared(db, "k", read)];
    expect(runs).toHaveLength(1);
    runs[0]?.answer(1);
    expect(await first).toBe(1);
    await tick();
    expect(runs).toHaveLength(2);
    // One arriving while that second run is out waits for a third.
    const last = shared(db, "k", read);
    runs[1]?.answer(2);
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    await tick();
    expect(runs).toHaveLength(3);
    runs[2]?.answer(3);
    expect(await last).toBe(3);
    // Once idle, a read runs at once.
    await tick();
    const alone = shared(db, "k", read);
    expect(runs).toHaveLength(4);
    runs[3]?.answer(4);
    expect(await alone).toBe(4);
  });

  it("keeps keys and databases apart, and hands a failed run's error to every read of it", async () => {
    const shared = coalescedReads<number>();
    const [one, other] = [{}, {}];
    const { runs, read } = controlledReads();
    const a = shared(one, "k", read);
    const b = shared(one, "other key", read);
    const c = shared(other, "k", read);
    expect(runs).toHaveLength(3);
    runs.forEach((run, index) => {
      run.answer(index);
    });
    expect(await Promise.all([a, b, c])).toEqual([0, 1, 2]);
    await tick();

    const running = shared(one, "k", read);
    const joined = [shared(one, "k", read), shared(one, "k", read)];
    runs[3]?.answer(3);
    await running;
    await tick();
    runs[4]?.fail(new Error("database gone"));
    for (const read of joined) await expect(read).rejects.toThrow("database gone");
    // A failure leaves nothing behind: the next read runs.
    await tick();
    const again = shared(one, "k", read);
    expect(runs).toHaveLength(6);
    runs[5]?.answer(6);
    expect(await again).toBe(6);
  });
});
