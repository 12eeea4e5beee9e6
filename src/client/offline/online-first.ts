import { ApiError, isTransient } from "../lib/errors";

/**
 * How a form with server-side rules saves (issue 24): online, it sends the write itself and
 * waits for the answer (a few seconds at most), so a refusal shows on the field it concerns
 * while the user is still on the form. Only offline, or when no answer comes in time, is the
 * write queued in the outbox, under the SAME Idempotency-Key (and the form's uid for a
 * creation): a late answer to the first request and the queued replay apply it once.
 *
 * - sent: the server accepted; `answer` is its row (the caller writes it into the mirror).
 * - refused: the server said no (4xx); the form shows `error` on its fields and stays open.
 * - queued: offline, no answer in time, no answer at all, 5xx or 429: `queue` ran once.
 */
export type OnlineFirstResult<T> =
  | { kind: "sent"; answer: T }
  | { kind: "refused"; error: ApiError }
  | { kind: "queued"; reason: QueuedReason };

/**
 * Why the write was queued: no network, no answer in time, no answer, for the merge, or behind
 * an earlier write still queued that it depends on.
 */
export type QueuedReason = "offline" | "timeout" | "unreachable" | "merge" | "behind";

export interface OnlineFirstWrite<T> {
  /** The request, with this Idempotency-Key; it should stop when `signal` aborts. */
  send: (key: string, signal: AbortSignal) => Promise<T>;
  /**
   * Queues the same write with this Idempotency-Key (outbox `Command.mutationId`): the request
   * may have reached the server under it. `undefined` when nothing was sent (the device is
   * offline): the outbox picks the key, and the entry may still take later edits (Command.fold).
   */
  queue: (key: string | undefined) => Promise<unknown>;
  /**
   * Refusals the replayer settles better than the form, queued instead of shown (a shipment
   * edit answered 412 is merged field by field by the replayer: replay-merge.ts).
   */
  queueRefusal?: (error: ApiError) => boolean;
  /** How long the form waits for an answer before queueing. */
  timeoutMs?: number;
  /** The Idempotency-Key (tests); a new one by default. */
  key?: string;
}

/** Long enough for a loaded server, short enough for someone standing at a dock. */
export const ONLINE_FIRST_TIMEOUT_MS = 8_000;

const TIMED_OUT = Symbol("timed out");

function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** Sends `write` online-first (see OnlineFirstResult). Other failures are thrown. */
export async function submitOnlineFirst<T>(
  write: OnlineFirstWrite<T>,
): Promise<OnlineFirstResult<T>> {
  const key = write.key ?? crypto.randomUUID();
  const queued = async (reason: QueuedReason, tried = true) => {
    await write.queue(tried ? key : undefined);
    return { kind: "queued", reason } as const;
  };
  if (isOffline()) return queued("offline", false);

  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), write.timeoutMs ?? ONLINE_FIRST_TIMEOUT_MS);
  });
  const sending = write.send(key, controller.signal);
  // A late answer or failure of an abandoned request is the replay's business, not ours.
  sending.catch(() => {});
  // Decided first, queued after: whatever happens, `queue` runs at most once.
  let reason: QueuedReason;
  try {
    const outcome = await Promise.race([sending, timeout]);
    if (outcome !== TIMED_OUT) return { kind: "sent", answer: outcome };
    controller.abort();
    reason = "timeout";
  } catch (error) {
    if (isTransient(error) || isInProgress(error)) reason = isOffline() ? "offline" : "unreachable";
    else if (error instanceof ApiError && write.queueRefusal?.(error)) reason = "merge";
    else if (error instanceof ApiError) return { kind: "refused", error };
    else throw error;
  } finally {
    clearTimeout(timer);
  }
  return queued(reason);
}

/** The same key is still being processed (an earlier attempt): the replay gets its answer. */
function isInProgress(error: unknown): boolean {
  return error instanceof ApiError && error.code === "idempotency_in_progress";
}
