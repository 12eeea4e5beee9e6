import type pg from "pg";

/**
 * Change notices sent after commit (issue 30, migration 0025). A transaction that NOTIFYs holds
 * a lock for the whole PostgreSQL server from its pre-commit through its WAL flush, so
 * concurrent writers commit one at a time. The app's pool connections run with
 * DEFER_NOTIFY_OPTION; on them the change-log triggers raise each notice as a NOTICE (code
 * NOTICE_CODE, the channel in its detail) instead of notifying. This module collects a
 * connection's notices until its transaction ends (the server's ReadyForQuery says idle) and,
 * if it committed, sends them with pg_notify in a transaction of their own: one that writes no
 * WAL, so holding that lock costs no flush. Notices of a rolled-back transaction (or of a
 * failed statement outside one) are dropped. A crash between the commit and the send loses
 * them: the streams' clients still pull the feed every minute (offline/live-state.ts).
 */
export const DEFER_NOTIFY_OPTION = "-c yardline.defer_notify=on";
export const NOTICE_CODE = "YLCHG";

interface Notice {
  channel: string;
  payload: string;
}

interface ProtocolEvents {
  on(event: "readyForQuery", listener: (message: { status: string }) => void): void;
  on(event: "commandComplete", listener: (message: { text: string }) => void): void;
  on(event: "errorMessage", listener: () => void): void;
}

/**
 * Watches one connection: calls `committed` with the notices of each transaction that
 * committed, in the order they were raised.
 */
export function collectNotices(client: pg.Client, committed: (notices: Notice[]) => void): void {
  let pending: Notice[] = [];
  let explicit = false;
  let lastTag = "";
  let failed = false;
  client.on("notice", (message) => {
    if (message.code === NOTICE_CODE && message.detail) {
      pending.push({ channel: message.detail, payload: message.message ?? "" });
    }
  });
  // node-postgres keeps the protocol on `connection` (not typed): ReadyForQuery carries the
  // transaction status, CommandComplete the tag (COMMIT, or ROLLBACK for an aborted one).
  const protocol = (client as unknown as { connection: ProtocolEvents }).connection;
  protocol.on("commandComplete", (message) => {
    lastTag = message.text;
  });
  protocol.on("errorMessage", () => {
    failed = true;
  });
  protocol.on("readyForQuery", ({ status }) => {
    if (status !== "I") {
      // Inside a transaction block ("T", or "E" once it failed): its COMMIT decides.
      explicit = true;
      return;
    }
    const done = explicit ? lastTag === "COMMIT" : !failed;
    const notices = pending;
    pending = [];
    explicit = false;
    failed = false;
    lastTag = "";
    if (done && notices.length > 0) committed(notices);
  });
}

/**
 * Sends collected notices: all that arrived meanwhile in one statement, one send at a time, on
 * a connection of their own when one is set (`use`; a pooled one would wait behind the
 * requests when the pool is busy), else through `pool`. Returns the function to hand notices
 * to, `use` and `flush` (waits for the sends).
 */
export function noticeSender(pool: pg.Pool) {
  let queue: Notice[] = [];
  let sending: Promise<void> | undefined;
  let own: pg.Client | null = null;
  const send = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await (own ?? pool).query(
          "select pg_notify(n.channel, n.payload) from unnest($1::text[], $2::text[]) as n(channel, payload)",
          [batch.map((each) => each.channel), batch.map((each) => each.payload)],
        );
      } catch (error) {
        // The clients' periodic pulls still bring these changes (within a minute).
        console.error(`Sending ${batch.length} change notices failed: ${String(error)}`);
      }
    }
  };
  const pump = (): void => {
    if (sending || queue.length === 0) return;
    sending = send().finally(() => {
      sending = undefined;
      pump();
    });
  };
  return {
    add(notices: Notice[]): void {
      queue.push(...notices);
      pump();
    },
    use(client: pg.Client | null): void {
      own = client;
    },
    async flush(): Promise<void> {
      while (sending !== undefined) await sending;
    },
  };
}
