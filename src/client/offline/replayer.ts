import { ApiError, isTransient } from "../lib/errors";
import { db, type MirroredRow, type OutboxRow, type SyncIssueRow } from "./db";
import { parseRow } from "./outbox";
import { isMergeable, mergeStale } from "./replay-merge";
import {
  type Accepted,
  acknowledge,
  acknowledgeAll,
  claimForSending,
  type Refusal,
  refuse,
  type ServerRow,
} from "./replay-outcome";
import { acknowledgeSeries, isSeriesAnswer, type SeriesAnswer } from "./series-outcome";

/** Longest wait between two attempts after network errors, 5xx or 429 (ARCHITECTURE.md). */
export const MAX_BACKOFF_MS = 60_000;
const FIRST_BACKOFF_MS = 1_000;

/** The signed-in user whose queued changes may be sent now. */
export interface ReplaySession {
  userId: number;
  jwt: string;
}

/** A sent entry's parsed answer: the row, a series' lines (series-outcome.ts), or nothing. */
export type ReplayAnswer = MirroredRow | SeriesAnswer | null;

/** What the replayer needs from the world; the app passes the real ones, tests their own. */
export interface ReplayerDeps {
  /**
   * Sends one entry (Idempotency-Key, If-Match, its company) with `session`'s token, the
   * session the entry was picked for (never whichever token is stored by the time the request
   * leaves: another user may have signed in meanwhile); the parsed answer row or null.
   */
  send: (entry: OutboxRow, session: ReplaySession) => Promise<ReplayAnswer>;
  /**
   * Sends consecutive entries in one request, each answered (in order) as its own `send`
   * would be; absent, or refused by the server, every entry goes alone.
   */
  sendBatch?: (entries: OutboxRow[], session: ReplaySession) => Promise<BatchAnswer[]>;
  /** Whether an entry may go in a batch. */
  batchable?: (entry: OutboxRow) => boolean;
  /** The server's current row after a refusal other than 412 (read with `session`). */
  readCurrent: (entry: OutboxRow, session: ReplaySession) => Promise<ServerRow>;
  /** Who changed the row last on the server, when its history says (read with `session`). */
  whoChanged: (entry: OutboxRow, session: ReplaySession) => Promise<string | null>;
  session: () => ReplaySession | null;
  /** Runs `task` holding the device-wide replay lock (Web Locks across tabs). */
  withLock: (task: () => Promise<void>) => Promise<void>;
  now?: () => number;
  random?: () => number;
  onRefused?: (issue: SyncIssueRow) => void;
  onSent?: (entry: OutboxRow) => void;
}

/** One request's outcome, as the queue treats it ("sent" also: merged and queued again). */
type Outcome = "sent" | "retry" | "paused" | "refused";

/** One batched entry's answer: the status and body its own request would have got. */
export interface BatchAnswer {
  status: number;
  body: unknown;
}

/** Most entries one batch carries. */
export const BATCH_MAX = 50;

/**
 * Sends the outbox to the server: one entry at a time, oldest first, each row's changes in
 * order, only with the session of the user who made them. Accepted entries update the mirror;
 * network errors, 5xx, 429 and a duplicate still in progress back off with jitter (at most
 * 60 s); 401 pauses that user's entries until the user signs in again (a new token); a 412 on
 * a shipment edit (PUT) is merged field by field (replay-merge.ts: the fields only this device
 * changed are re-sent at once, the ones both changed become a conflict); other 412s, 409 and
 * other 4xx revert the row and become sync issues. Every step runs under the device-wide
 * lock, so two tabs never send the same entry at once, and an entry leaves the outbox in the
 * same transaction that records its answer, so nothing is sent again after it was answered.
 */
export class Replayer {
  private readonly deps: ReplayerDeps;
  private running = false;
  private again = false;
  private stopped = false;
  /** Backing off: no attempt until the wake timer ends it (or the network comes back). */
  private backingOff = false;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Counts networkBack() calls: an attempt that failed across one retries without waiting. */
  private networkEpoch = 0;
  private paused: ReplaySession | null = null;
  /** The server refused a batch request as such (an older server): entries go alone. */
  private batchesRefused = false;
  /** idle() callers waiting for the running pass to end. */
  private idleWaiters: (() => void)[] = [];

  constructor(deps: ReplayerDeps) {
    this.deps = deps;
  }

  /** Asks for a pass over the queue (start, enqueue, visibility, heartbeat). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.runPasses();
  }

  /** The network is back: waiting out a backoff makes no sense any more. */
  networkBack(): void {
    this.networkEpoch += 1;
    this.backingOff = false;
    clearTimeout(this.wakeTimer);
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.wakeTimer);
  }

  /**
   * Resolves once no pass is running (tests and benchmarks): woken when a pass ends, not by
   * polling (a 5 ms poll added its wait to every quiet moment a sync run waited for).
   */
  async idle(): Promise<void> {
    while (this.running) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private async runPasses(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.deps.withLock(() => this.drain());
      } while (this.again && !this.stopped);
    } catch (error) {
      console.error("Replaying queued changes failed", error);
    } finally {
      this.running = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      if (this.backingOff) return;
      const session = this.deps.session();
      if (!session) return;
      const epoch = this.networkEpoch;
      const run = await this.nextRun(session);
      const [entry] = run;
      if (!entry) return;
      if (run.length > 1) {
        const retry = await this.replayBatch(run, session);
        if (retry) await this.backOff(retry, epoch);
        continue;
      }
      const outcome = await this.replay(entry, session);
      if (outcome === "retry") await this.backOff(entry, epoch);
    }
  }

  /**
   * What to send next: the oldest entry this session may send (entries of other users, or of
   * a paused session, wait and hold back later changes of the same row), followed, when it and
   * they are batchable, by the longest run of later entries that may go with it in one batch:
   * this session's, of its company, each row at most once (a row's second change waits for the
   * first's answer and ends the run, so nothing overtakes an older change).
   */
  private async nextRun(session: ReplaySession): Promise<OutboxRow[]> {
    const batchable = this.batchesRefused || !this.deps.sendBatch ? undefined : this.deps.batchable;
    const held = new Set<string>();
    const run: OutboxRow[] = [];
    const rows = new Set<string>();
    const paused = this.paused?.userId === session.userId && this.paused.jwt === session.jwt;
    let done = false;
    await db.outbox
      .orderBy("seq")
      .until(() => done)
      .each((entry) => {
        if (held.has(entry.entityKey)) return;
        if (entry.userId !== session.userId || paused) {
          held.add(entry.entityKey);
          return;
        }
        const first = run[0];
        const joins =
          first === undefined ||
          (batchable !== undefined &&
            batchable(first) &&
            batchable(entry) &&
            !rows.has(entry.entityKey) &&
            entry.company === first.company);
        if (!joins) {
          done = true;
          return;
        }
        run.push(entry);
        rows.add(entry.entityKey);
        done = batchable === undefined || run.length >= BATCH_MAX;
      });
    return run;
  }

  /**
   * Sends a batch and treats each answer as its entry's own; returns the entry to back off on
   * when one must be retried (the entries after it stay queued: their answers are recorded on
   * the server, so their retry costs nothing and applies nothing twice).
   */
  private async replayBatch(
    entries: OutboxRow[],
    session: ReplaySession,
  ): Promise<OutboxRow | undefined> {
    const first = entries[0] as OutboxRow;
    let answers: BatchAnswer[];
    try {
      for (const entry of entries) this.deps.onSent?.(entry);
      answers = await (this.deps.sendBatch as NonNullable<ReplayerDeps["sendBatch"]>)(
        entries,
        session,
      );
    } catch (error) {
      if (error instanceof ApiError && !isTransient(error) && error.status !== 401) {
        console.warn("The server refused a batch of changes: sending them one by one", error);
        this.batchesRefused = true;
        return undefined;
      }
      const outcome = await this.failed(first, session, error);
      return outcome === "retry" ? first : undefined;
    }
    // Accepted answers are stored together, in order with the refusals between them.
    let accepted: Accepted[] = [];
    const flush = async () => {
      await acknowledgeAll(accepted, this.now());
      accepted = [];
    };
    for (const [index, entry] of entries.entries()) {
      const answer = answers[index];
      if (answer?.status === 200) {
        accepted.push({ entry, answer: parseRow(entry.entity, answer.body) });
        continue;
      }
      await flush();
      const error = new ApiError(answer?.status ?? 502, answer?.body ?? null);
      const outcome = await this.failed(entry, session, error);
      if (outcome === "retry") return entry;
      if (outcome === "paused") return undefined;
    }
    await flush();
    return undefined;
  }

  private async replay(queued: OutboxRow, session: ReplaySession): Promise<Outcome> {
    let answer: ReplayAnswer;
    // The entry as it is now (a change may have folded into it), marked as sent.
    const entry = await claimForSending(queued, this.now());
    if (!entry) return "sent";
    try {
      this.deps.onSent?.(entry);
      answer = await this.deps.send(entry, session);
    } catch (error) {
      return this.failed(entry, session, error);
    }
    if (isSeriesAnswer(answer)) {
      // A series: its lines in, each occurrence the dock refused listed (series-outcome.ts).
      const issues = await acknowledgeSeries(entry, answer, this.now());
      for (const issue of issues) this.deps.onRefused?.(issue);
    } else await acknowledge(entry, answer, this.now());
    return "sent";
  }

  private async failed(entry: OutboxRow, session: ReplaySession, error: unknown): Promise<Outcome> {
    if (!(error instanceof ApiError) || isTransient(error)) return "retry";
    if (error.status === 409 && error.code === "idempotency_in_progress") return "retry";
    if (error.status === 401) {
      this.paused = session;
      return "paused";
    }
    // A refused creation asks the server nothing more: its uid names no row yet (a GET would
    // be a useless 404) and it has no history; its temporary row simply goes.
    // A 404 on a change of a row says the row is gone (deleted, or out of this user's sight):
    // reading it again would only repeat that, or, offline by then, fail and leave the row shown
    // (found by the sync property runs: a line another device deleted stayed on the device).
    const creation = entry.op === "create";
    const current =
      error.status === 412
        ? currentOf(entry, error)
        : creation
          ? null
          : error.status === 404
            ? "gone"
            : await this.safeRead(entry, session);
    // A 412 names who wrote the version that won; other refusals ask the line's history.
    const changedBy =
      (error.status === 412 ? changedByOf(error) : undefined) ??
      (creation ? null : await this.deps.whoChanged(entry, session).catch(() => null));
    if (
      error.status === 412 &&
      current !== null &&
      current !== "gone" &&
      current.version !== entry.baseVersion && // else a merge would loop on the same answer
      isMergeable(entry)
    ) {
      // A form edit that met a newer version: merged, not thrown away (replay-merge.ts).
      const merged = await mergeStale(entry, current, changedBy, this.now());
      if (merged?.issue) this.deps.onRefused?.(merged.issue);
      return merged?.resent ? "sent" : "refused";
    }
    const refusal: Refusal = { status: error.status, code: error.code, message: error.message };
    const fieldCodes = fieldCodesOf(error);
    if (fieldCodes) refusal.fieldCodes = fieldCodes;
    const issue = await refuse(entry, refusal, current, changedBy, this.now());
    if (issue) this.deps.onRefused?.(issue);
    return "refused";
  }

  private async safeRead(entry: OutboxRow, session: ReplaySession): Promise<ServerRow> {
    try {
      return await this.deps.readCurrent(entry, session);
    } catch {
      return null;
    }
  }

  private async backOff(entry: OutboxRow, epoch: number): Promise<void> {
    const attempts = entry.attempts + 1;
    if (entry.seq !== undefined) await db.outbox.update(entry.seq, { attempts });
    // The network came back while this attempt was failing: that event must not be lost to
    // the backoff set after it, so try again at once.
    if (epoch !== this.networkEpoch) return;
    const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(attempts - 1, 6));
    const random = this.deps.random?.() ?? Math.random();
    // A timer ends the wait, not the device clock: a clock set back (or another tab's skewed
    // one) must not stretch a backoff past MAX_BACKOFF_MS.
    this.backingOff = true;
    clearTimeout(this.wakeTimer);
    this.wakeTimer = setTimeout(
      () => {
        this.backingOff = false;
        this.kick();
      },
      ceiling / 2 + (random * ceiling) / 2,
    );
  }
}

/**
 * The server's reason per field of a refusal (`field_codes`: the first code of each field,
 * e.g. `{ booked_date: "slot_full" }`), kept as sent so a code this client does not know yet
 * still reaches the sync issue; undefined when the answer names no field.
 */
function fieldCodesOf(error: ApiError): Record<string, string> | undefined {
  const raw = (error.body as { field_codes?: unknown } | null)?.field_codes;
  if (typeof raw !== "object" || raw === null) return undefined;
  const codes: Record<string, string> = {};
  for (const [field, list] of Object.entries(raw)) {
    const code = Array.isArray(list) ? (list[0] as { code?: unknown } | undefined)?.code : null;
    if (typeof code === "string") codes[field] = code;
  }
  return Object.keys(codes).length > 0 ? codes : undefined;
}

/** The 412 body's changed_by (every versioned form row names it); undefined when absent. */
function changedByOf(error: ApiError): string | null | undefined {
  const changedBy = (error.body as { changed_by?: unknown } | null)?.changed_by;
  return typeof changedBy === "string" || changedBy === null ? changedBy : undefined;
}

/** The current row a 412 carries (`current`), parsed as the mirror stores it. */
function currentOf(entry: OutboxRow, error: ApiError): ServerRow {
  const body = error.body as { current?: unknown } | null;
  try {
    return parseRow(entry.entity, body?.current);
  } catch {
    return null;
  }
}
