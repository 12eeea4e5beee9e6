import pg from "pg";
import type { ListenHandlers } from "./database";

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * LISTEN needs a connection of its own (a pooled one goes back to the pool and forgets it):
 * one dedicated pg.Client per subscription, re-opened with backoff when it drops. After a
 * reconnect `onGap` runs, since notifications sent meanwhile are lost. Resolves once the first
 * LISTEN is in place; the returned function ends the connection for good.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload ?? "");
    });
    // An error on an idle connection ends it; "end" then schedules the reconnect.
    next.on("error", () => undefined);
    next.on("end", () => {
      if (client !== next || stopped) return;
      client = null;
      schedule();
    });
    await next.connect();
    try {
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
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
          if (!stopped) handlers.onGap?.();
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
