import pg from "pg";

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

export interface DedicatedConnectionOptions {
  /** Readies a new connection (LISTEN, take a lock); a throw ends it and the open is retried. */
  setUp(client: pg.Client): Promise<void>;
  /** The connection dropped; a new one is on its way. */
  onLost?(): void;
  /** A new connection is ready after a drop (not after the first open). */
  onReconnected?(): void;
}

/**
 * A session-scoped PostgreSQL connection of its own (LISTEN, session advisory locks: a pooled
 * connection would go back to the pool and forget them), re-opened with jittered backoff when it
 * drops. Resolves once the first connection is set up; the returned function ends it for good
 * (which also ends what the session held).
 */
export async function keepDedicatedConnection(
  connectionString: string,
  options: DedicatedConnectionOptions,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    // An error on an idle connection ends it; "end" then schedules the reconnect.
    next.on("error", () => undefined);
    next.on("end", () => {
      if (client !== next || stopped) return;
      client = null;
      options.onLost?.();
      schedule();
    });
    await next.connect();
    try {
      await options.setUp(next);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RETRY_MIN_MS;
  };

  const schedule = (): void => {
    const delay = retryMs * (0.5 + Math.random());
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    timer = setTimeout(() => {
      connect().then(
        () => {
          if (!stopped) options.onReconnected?.();
        },
        () => {
          if (!stopped) schedule();
        },
      );
    }, delay);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
