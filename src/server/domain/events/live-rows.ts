import type { LiveSlice } from "../changes/live-slice";
import type { ChangeHub, ChangeNotice, ChangeSubscriber } from "./change-notice";

/**
 * Carries the changed rows in the live events (issue 30): per company with a stream open on
 * this instance, a chain of slices of the change feed, [since, below) then [below, next) and
 * so on. A notice names the transaction that wrote it; once the feed's snapshot bound has
 * passed it (every older transaction finished), the company's changes up to the bound are read
 * ONCE (domain/changes/live-slice.ts) and handed to each of its streams, which send what their
 * viewer may see. Notices arriving meanwhile join the next read, so a busy company costs one
 * read per flush, not one feed pull per device. A device whose cursor lies in the slice applies
 * it as a pull's answer; the chain starts at the bound when the company's first stream opens,
 * so a device that pulled after that is in step.
 *
 * A notice is told by ids instead (subscriber.notice, devices pull as before) when the slice
 * holds more than LIVE_SLICE_MAX_ROWS changes, when its transaction stays above the bound
 * longer than `giveUpMs` (an older transaction still running), when a read fails, or when the
 * notice names no transaction. The chain moves on past a "many" slice; a device that missed
 * a slice sees `since` beyond its cursor at the next one and pulls.
 */
export interface LiveRowsOptions {
  /** The feed's snapshot bound now (changes/repository.ts snapshotBound). */
  bound(): Promise<bigint>;
  /** The company's slice [since, below), or "many" (changes/live-slice.ts readLiveSlice). */
  read(company: number, since: bigint, below: bigint): Promise<LiveSlice | "many">;
  warn(error: unknown, message: string): void;
  /** First wait for the bound to pass a notice's transaction (doubles up to 8x). */
  retryMs?: number;
  /** A notice whose transaction the bound has not passed after this long is told by ids. */
  giveUpMs?: number;
  now?: () => number;
}

interface Waiting {
  notice: ChangeNotice;
  xid: bigint;
  at: number;
}

interface Chain {
  company: number;
  subscribers: Set<ChangeSubscriber>;
  /** Where the next slice starts; undefined until the first bound is read. */
  since: bigint | undefined;
  started: Promise<void>;
  waiting: Waiting[];
  running: boolean;
  again: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  retries: number;
  /** Keys ("entity:id") of the last RECENT_SLICES slices read. */
  recent: Set<string>[];
}

const RECENT_SLICES = 4;

export interface LiveRows extends ChangeHub {
  notice(notice: ChangeNotice): void;
  gap(): void;
  close(): void;
}

export function createLiveRows(options: LiveRowsOptions): LiveRows {
  const retryMs = options.retryMs ?? 25;
  const giveUpMs = options.giveUpMs ?? 3_000;
  const now = options.now ?? Date.now;
  const chains = new Map<number, Chain>();

  const each = (chain: Chain, call: (subscriber: ChangeSubscriber) => void) => {
    for (const subscriber of [...chain.subscribers]) {
      try {
        call(subscriber);
      } catch (error) {
        options.warn(error, "a live-events subscriber failed");
      }
    }
  };
  const tell = (chain: Chain, notices: readonly ChangeNotice[]) => {
    for (const notice of notices) each(chain, (subscriber) => subscriber.notice(notice));
  };

  /** Every row the notice names was in a recent slice (else a row outside the window, say). */
  const carried = (chain: Chain, notice: ChangeNotice) =>
    notice.ids !== null &&
    notice.ids.every((id) => chain.recent.some((keys) => keys.has(`${notice.entity}:${id}`)));

  const step = async (chain: Chain): Promise<void> => {
    await chain.started;
    const since = chain.since;
    if (since === undefined) {
      // The chain's start could not be read: what waits goes by ids; the chain starts now.
      tell(
        chain,
        chain.waiting.splice(0).map((each) => each.notice),
      );
      chain.since = await options.bound();
      return;
    }
    const below = await options.bound();
    if (below > since) {
      const slice = await options.read(chain.company, since, below);
      if (slice === "many") {
        tell(
          chain,
          chain.waiting.filter((each) => each.xid < below).map((each) => each.notice),
        );
        chain.waiting = chain.waiting.filter((each) => each.xid >= below);
        chain.since = below;
      } else {
        chain.recent = [
          new Set(slice.entries.map((entry) => `${entry.entity}:${entry.id}`)),
          ...chain.recent.slice(0, RECENT_SLICES - 1),
        ];
        if (slice.entries.length > 0) {
          each(chain, (subscriber) => subscriber.slice(slice));
          chain.since = below;
        }
        // Else nothing of the company in the range: the chain stays, the next slice starts earlier.
      }
    }
    const late = now() - giveUpMs;
    const done = chain.waiting.filter((each) => each.xid < below);
    const left = chain.waiting.filter((each) => each.xid >= below);
    // Passed by the bound yet not carried (outside the window, or too many ids): told by ids,
    // so the devices pull and their lists judge it as before.
    tell(
      chain,
      done.filter((each) => !carried(chain, each.notice)).map((each) => each.notice),
    );
    tell(
      chain,
      left.filter((each) => each.at < late).map((each) => each.notice),
    );
    chain.waiting = left.filter((each) => each.at >= late);
  };

  const flush = async (chain: Chain): Promise<void> => {
    if (chain.running) {
      chain.again = true;
      return;
    }
    chain.running = true;
    try {
      do {
        chain.again = false;
        try {
          await step(chain);
        } catch (error) {
          options.warn(error, "reading the live events' rows failed; telling ids");
          tell(
            chain,
            chain.waiting.splice(0).map((each) => each.notice),
          );
        }
      } while (chain.again && chains.get(chain.company) === chain);
    } finally {
      chain.running = false;
    }
    if (chain.waiting.length === 0) {
      chain.retries = 0;
    } else if (chain.timer === undefined && chains.get(chain.company) === chain) {
      // The bound has not passed some notice yet: look again soon.
      const wait = retryMs * 2 ** Math.min(chain.retries, 3);
      chain.retries += 1;
      chain.timer = setTimeout(() => {
        chain.timer = undefined;
        void flush(chain);
      }, wait);
      chain.timer.unref?.();
    }
  };

  const startChain = (company: number): Chain => {
    const chain: Chain = {
      company,
      subscribers: new Set(),
      since: undefined,
      started: Promise.resolve(),
      waiting: [],
      running: false,
      again: false,
      timer: undefined,
      retries: 0,
      recent: [],
    };
    chain.started = options.bound().then(
      (bound) => {
        chain.since = bound;
      },
      (error: unknown) => options.warn(error, "reading the feed's bound failed"),
    );
    chains.set(company, chain);
    return chain;
  };

  const everyone = (call: (subscriber: ChangeSubscriber) => void) => {
    for (const chain of chains.values()) each(chain, call);
  };

  return {
    subscribe(subscriber) {
      const chain = chains.get(subscriber.company) ?? startChain(subscriber.company);
      chain.subscribers.add(subscriber);
      return () => {
        chain.subscribers.delete(subscriber);
        if (chain.subscribers.size > 0 || chains.get(chain.company) !== chain) return;
        chains.delete(chain.company);
        if (chain.timer !== undefined) clearTimeout(chain.timer);
      };
    },
    size: () => {
      let count = 0;
      for (const chain of chains.values()) count += chain.subscribers.size;
      return count;
    },
    notice(notice) {
      const chain = chains.get(notice.company);
      if (!chain) return;
      if (notice.xid === undefined) {
        tell(chain, [notice]);
        return;
      }
      chain.waiting.push({ notice, xid: BigInt(notice.xid), at: now() });
      void flush(chain);
    },
    gap: () => everyone((subscriber) => subscriber.gap()),
    close() {
      everyone((subscriber) => subscriber.close());
      for (const chain of chains.values()) {
        if (chain.timer !== undefined) clearTimeout(chain.timer);
      }
      chains.clear();
    },
  };
}
