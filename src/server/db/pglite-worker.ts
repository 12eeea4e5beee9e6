import { parentPort, workerData } from "node:worker_threads";
import { type PGlite, type QueryOptions, TransactionAbortedError } from "@electric-sql/pglite";
import { createPglite } from "./pglite-create";
import { createStatementRunner } from "./pglite-statements";
import {
  isRawAnswer,
  type RawTypes,
  serializeError,
  type WorkerNotification,
  type WorkerReady,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from "./pglite-wire";

/**
 * PGlite in a worker thread (pglite-remote.ts starts it): the server thread's requests arrive
 * as messages, so Node's own work (HTTP, auth, validation, JSON) and the database's overlap.
 * Transactions are pinned: `begin` takes PGlite's transaction mutex and holds it until that
 * transaction's `commit` or `rollback`; meanwhile only requests tagged with its id run, others
 * wait for the mutex, as they would on PGlite in the server thread.
 */
const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread");
const start = workerData as WorkerStart;

const pg: PGlite = await createPglite(start.dataDir, {
  loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
  sharedBuffers: start.sharedBuffers,
  walSegmentMb: start.walSegmentMb,
});
/** Open transactions: their id, and the release of the transaction mutex they hold. */
const transactions = new Map<number, () => void>();
let nextTransaction = 0;
const unlistens = new Map<string, () => Promise<void>>();

/** A notification read from a statement's answer, to the server thread if it listens. */
function notify(channel: string, payload: string): void {
  for (const listened of unlistens.keys()) {
    if (listened === channel || listened.toLowerCase() === channel) {
      port?.postMessage({ notify: listened, payload } satisfies WorkerNotification);
    }
  }
}

const statements = createStatementRunner(pg, { onNotification: notify });

const rawParsers = (types: RawTypes) =>
  Object.fromEntries(types.map((type) => [type, (value: string) => value]));

/** Runs work in `tx`'s turn, or, without one, when no transaction is open. */
function inTurn<T>(tx: number | undefined, work: () => Promise<T>): Promise<T> {
  if (tx === undefined) return pg._runExclusiveTransaction(work);
  if (!transactions.has(tx)) throw new Error("Transaction is closed");
  return work();
}

async function begin(): Promise<number> {
  const tx = ++nextTransaction;
  await new Promise<void>((acquired) => {
    void pg._runExclusiveTransaction(
      () =>
        new Promise<void>((release) => {
          transactions.set(tx, release);
          acquired();
        }),
    );
  });
  try {
    await statements.query("BEGIN", [], {});
  } catch (error) {
    end(tx);
    throw error;
  }
  return tx;
}

function end(tx: number): void {
  transactions.get(tx)?.();
  transactions.delete(tx);
}

/** COMMIT, or the rollback PostgreSQL chose for a failed transaction (PGlite's 25P02). */
async function finish(tx: number, command: "COMMIT" | "ROLLBACK"): Promise<void> {
  if (!transactions.has(tx)) throw new Error("Transaction is closed");
  try {
    const result = await statements.query(command, [], {});
    if (command === "COMMIT" && "command" in result && result.command === "ROLLBACK") {
      throw new TransactionAbortedError();
    }
  } finally {
    end(tx);
  }
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const options: QueryOptions = {
        rowMode: request.rowMode,
        parsers: rawParsers(request.rawTypes),
      };
      return inTurn(request.tx, () => statements.query(request.sql, request.params, options));
    }
    case "exec": {
      return inTurn(request.tx, () => statements.exec(request.sql));
    }
    case "begin":
      return begin();
    case "commit":
      return finish(request.tx, "COMMIT");
    case "rollback":
      return finish(request.tx, "ROLLBACK");
    case "listen": {
      if (unlistens.has(request.channel)) return undefined;
      const unlisten = await pg.listen(request.channel, (payload) => {
        port?.postMessage({ notify: request.channel, payload } satisfies WorkerNotification);
      });
      unlistens.set(request.channel, unlisten);
      return undefined;
    }
    case "unlisten": {
      const unlisten = unlistens.get(request.channel);
      unlistens.delete(request.channel);
      await unlisten?.();
      return undefined;
    }
    case "dump": {
      const dump = await pg.dumpDataDir("none");
      return dump.arrayBuffer();
    }
    case "close":
      if (!pg.closed) await pg.close();
      return undefined;
  }
}

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  try {
    port?.postMessage(message, transfer);
  } catch (error) {
    // A value that cannot be cloned: the caller still gets an answer, as an error.
    port?.postMessage({ id: message.id, ok: false, error: serializeError(error) });
  }
}

port.on("message", ({ id, request }: { id: number; request: WorkerRequest }) => {
  handle(request).then(
    (value) =>
      reply(
        { id, ok: true, value },
        value instanceof ArrayBuffer ? [value] : isRawAnswer(value) ? [value.raw] : [],
      ),
    (error: unknown) => reply({ id, ok: false, error: serializeError(error) }),
  );
});
/** The array types PGlite gave parsers when it opened (its own query, in its own words). */
const arrayTypes = await pg.query<{ oid: number; typarray: number }>(`
  SELECT b.oid, b.typarray
  FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A'
  GROUP BY b.oid, b.typarray
  ORDER BY b.oid`);
port.postMessage({
  ready: true,
  arrayTypes: arrayTypes.rows
    .filter(({ typarray }) => typarray in pg.parsers)
    .map(({ oid, typarray }): [number, number] => [oid, typarray]),
} satisfies WorkerReady);
