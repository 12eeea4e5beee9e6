import pg from "pg";
import type { ListenHandlers } from "./database";
import { keepDedicatedConnection } from "./dedicated-connection";

/**
 * LISTEN on a dedicated connection per subscription (db/dedicated-connection.ts). `onLost` runs
 * when it drops; after a reconnect `onGap` runs, since notifications sent meanwhile are lost.
 * Resolves once the first LISTEN is in place; the returned function ends the connection for
 * good.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  return keepDedicatedConnection(connectionString, {
    async setUp(client) {
      client.on("notification", (message) => {
        if (message.channel === channel) handlers.onPayload(message.payload ?? "");
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    onLost: () => handlers.onLost?.(),
    onReconnected: () => handlers.onGap?.(),
  });
}
