import type { ContextLookup } from "./context";

/**
 * The auth contexts an instance resolved, kept until something they were read from changes
 * (issue 30: the context was a second statement on every request). Migration 0028's triggers
 * announce every such change on AUTH_CHANGES_CHANNEL (db/database.ts), whoever writes; the
 * instance that writes hears it at commit, before its statement returns, so a logout's next
 * request is already refused; another instance hears it when the NOTIFY arrives (milliseconds). Any notice
 * forgets every context: they change rarely (a revoke, an admin's edit), and a whole-cache
 * miss costs one statement per caller.
 *
 * Only a live context is kept (a dead session or a non-member is asked again each time). A
 * load that started before a change is never kept (the generation moved while it ran), and a
 * change also stops later callers from joining such a load. While the instance cannot hear
 * changes (its LISTEN connection dropped) it keeps nothing; `maxAgeMs` bounds how long a
 * context lives whatever happens (a notice lost some other way).
 */
export interface AuthContextCache {
  /** The kept lookup for `key`, else `load`'s (one load per key at a time). */
  resolve(key: string, load: () => Promise<ContextLookup>): Promise<ContextLookup>;
  /** Forgets every kept context and every load in flight. */
  forgetAll(): void;
  /** Forgets everything and keeps nothing until `resume` (changes cannot be heard now). */
  pause(): void;
  /** Forgets everything (changes may have been missed) and keeps contexts again. */
  resume(): void;
  /** Contexts kept now. */
  size(): number;
}

export interface AuthContextCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
}

/** The cache key of a session's context in a company (undefined: the user's first group). */
export function contextKey(userId: number, sessionId: string, companyId: number | undefined) {
  return `${userId}|${sessionId}|${companyId ?? ""}`;
}

export function createAuthContextCache(options: AuthContextCacheOptions = {}): AuthContextCache {
  const { maxEntries = 10_000, maxAgeMs = 30_000, now = Date.now } = options;
  const kept = new Map<string, { lookup: ContextLookup; until: number }>();
  const loading = new Map<string, Promise<ContextLookup>>();
  let generation = 0;
  let paused = false;

  const keep = (key: string, lookup: ContextLookup) => {
    kept.delete(key);
    kept.set(key, { lookup, until: now() + maxAgeMs });
    if (kept.size > maxEntries) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
  };

  const forgetAll = () => {
    generation += 1;
    kept.clear();
    loading.clear();
  };

  return {
    resolve(key, load) {
      const entry = kept.get(key);
      if (entry) {
        if (entry.until > now()) return Promise.resolve(entry.lookup);
        kept.delete(key);
      }
      const inFlight = loading.get(key);
      if (inFlight) return inFlight;
      const started = generation;
      const loaded = load()
        .then((lookup) => {
          if (lookup.kind === "ok" && generation === started && !paused) keep(key, lookup);
          return lookup;
        })
        .finally(() => {
          if (loading.get(key) === loaded) loading.delete(key);
        });
      loading.set(key, loaded);
      return loaded;
    },
    forgetAll,
    pause() {
      paused = true;
      forgetAll();
    },
    resume() {
      forgetAll();
      paused = false;
    },
    size: () => kept.size,
  };
}
