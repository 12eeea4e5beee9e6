import { describe, expect, it } from "vitest";
import type { ContextLookup } from "./context";
import { contextKey, createAuthContextCache } from "./context-cache";

/** A live context naming `name`, enough to tell answers apart. */
const live = (name: string): ContextLookup =>
  ({ kind: "ok", auth: { user: { username: name } } }) as unknown as ContextLookup;
const nameOf = (lookup: ContextLookup) => (lookup.kind === "ok" ? lookup.auth.user.username : null);

/** A load the test settles by hand, counting its calls. */
function loads() {
  const settle: ((lookup: ContextLookup) => void)[] = [];
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return new Promise<ContextLookup>((resolve) => settle.push(resolve));
    },
    settle: (index: number, lookup: ContextLookup) => settle[index]?.(lookup),
    calls: () => calls,
  };
}

describe("auth context cache", () => {
  const key = contextKey(7, "session-a", undefined);

  it("keeps a live context and answers it without loading again", async () => {
    const cache = createAuthContextCache();
    const source = loads();
    const first = cache.resolve(key, source.load);
    source.settle(0, live("ana"));
    expect(nameOf(await first)).toBe("ana");
    expect(nameOf(await cache.resolve(key, source.load))).toBe("ana");
    expect(source.calls()).toBe(1);
    expect(cache.size()).toBe(1);
  });

  it("keys by user, session and company", () => {
    expect(
      new Set([
        contextKey(7, "s", undefined),
        contextKey(7, "s", 1),
        contextKey(7, "t", undefined),
        contextKey(8, "s", undefined),
      ]).size,
    ).toBe(4);
  });

  it("asks again for a dead session or a company the user is not in", async () => {
    const cache = createAuthContextCache();
    let calls = 0;
    const dead = async (): Promise<ContextLookup> => {
      calls += 1;
      return calls === 1 ? { kind: "dead_session" } : { kind: "not_member" };
    };
    expect((await cache.resolve(key, dead)).kind).toBe("dead_session");
    expect((await cache.resolve(key, dead)).kind).toBe("not_member");
    expect(calls).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it("shares one load among callers of the same key", async () => {
    const cache = createAuthContextCache();
    const source = loads();
    const both = [cache.resolve(key, source.load), cache.resolve(key, source.load)];
    source.settle(0, live("ana"));
    expect((await Promise.all(both)).map(nameOf)).toEqual(["ana", "ana"]);
    expect(source.calls()).toBe(1);
  });

  it("forgets every context on a change", async () => {
    const cache = createAuthContextCache();
    const source = loads();
    const first = cache.resolve(key, source.load);
    source.settle(0, live("ana"));
    await first;
    cache.forgetAll();
    expect(cache.size()).toBe(0);
    const again = cache.resolve(key, source.load);
    source.settle(1, { kind: "dead_session" });
    expect((await again).kind).toBe("dead_session");
    expect(source.calls()).toBe(2);
  });

  it("never keeps a load that started before a change, nor lets later callers join it", async () => {
    const cache = createAuthContextCache();
    const source = loads();
    const before = cache.resolve(key, source.load);
    cache.forgetAll(); // the session was revoked while the load ran
    const after = cache.resolve(key, source.load);
    expect(source.calls()).toBe(2);
    source.settle(0, live("stale"));
    source.settle(1, { kind: "dead_session" });
    expect(nameOf(await before)).toBe("stale");
    expect((await after).kind).toBe("dead_session");
    expect(cache.size()).toBe(0);
  });

  it("lets a context live no longer than its maximum age", async () => {
    let clock = 0;
    const cache = createAuthContextCache({ maxAgeMs: 1_000, now: () => clock });
    let calls = 0;
    const load = async () => {
      calls += 1;
      return live(`v${calls}`);
    };
    expect(nameOf(await cache.resolve(key, load))).toBe("v1");
    clock = 999;
    expect(nameOf(await cache.resolve(key, load))).toBe("v1");
    clock = 1_000;
    expect(nameOf(await cache.resolve(key, load))).toBe("v2");
  });

  it("holds at most maxEntries contexts, the oldest leaving first", async () => {
    const cache = createAuthContextCache({ maxEntries: 2 });
    for (const session of ["a", "b", "c"]) {
      await cache.resolve(contextKey(1, session, undefined), async () => live(session));
    }
    expect(cache.size()).toBe(2);
    let asked = false;
    await cache.resolve(contextKey(1, "a", undefined), async () => {
      asked = true;
      return live("a");
    });
    expect(asked).toBe(true);
  });

  it("keeps nothing while paused (changes cannot be heard), and keeps again once resumed", async () => {
    const cache = createAuthContextCache();
    let calls = 0;
    const load = async () => {
      calls += 1;
      return live(`v${calls}`);
    };
    await cache.resolve(key, load);
    cache.pause();
    expect(cache.size()).toBe(0);
    expect(nameOf(await cache.resolve(key, load))).toBe("v2");
    expect(nameOf(await cache.resolve(key, load))).toBe("v3");
    expect(cache.size()).toBe(0);
    const during = cache.resolve(key, load); // started while paused, settles after resume
    cache.resume();
    await during;
    expect(cache.size()).toBe(0);
    expect(nameOf(await cache.resolve(key, load))).toBe("v5");
    expect(nameOf(await cache.resolve(key, load))).toBe("v5");
  });
});
