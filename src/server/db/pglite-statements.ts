import {
  messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";
import type { RawAnswer } from "./pglite-wire";

/**
 * Queries with parameters as named prepared statements, parsed once per SQL text: PGlite's own
 * `query` sends every statement unnamed, so PostgreSQL parses and analyses it again on every
 * call. The hot statements (the auth context, the list pages) are Drizzle-built texts with
 * placeholders, the same text each time, so a statement per text pays that once. Statements
 * without parameters (migrations, DDL, "begin") keep PGlite's unnamed path. At most
 * MAX_STATEMENTS are kept; the least recently used is closed beyond that.
 *
 * Runs where PGlite runs (the worker): the caller holds the transaction mutex or its own
 * transaction; this takes the query mutex, as PGlite's own `query` does.
 */
const MAX_STATEMENTS = 500;
/** PostgreSQL's "cached plan must not change result type" after a table changed shape. */
const FEATURE_NOT_SUPPORTED = "0A000";

const { serialize } = protocol;

interface Statement {
  name: string;
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Message types that need this side: an error to throw, a notification to hand on. */
const ERROR_RESPONSE = 0x45; // "E"
const NOTIFICATION_RESPONSE = 0x41; // "A"

/** Whether the protocol bytes hold an error or a notification (walks the message headers). */
function needsParsing(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const length = view.getInt32(at + 1);
    // A length below its own four bytes is no message: let the parser say what it is.
    if (type === ERROR_RESPONSE || type === NOTIFICATION_RESPONSE || length < 4) return true;
    at += 1 + length;
  }
  return false;
}

export interface StatementRunnerOptions {
  /** A notification in a statement's answer (a write's trigger), as PGlite's listen hears it. */
  onNotification?: (channel: string, payload: string) => void;
}

export interface StatementRunner {
  /**
   * A statement with parameters answers as protocol bytes for the caller to parse
   * (RawAnswer) unless it failed or notified; without parameters, parsed.
   */
  query(sql: string, params: unknown[], options: QueryOptions): Promise<Results | RawAnswer>;
  /** Several statements in one text (the simple protocol), as PGlite's `exec`. */
  exec(sql: string): Promise<Results[]>;
  /** Statements kept now (for tests). */
  size(): number;
}

export function createStatementRunner(
  pg: PGlite,
  runnerOptions: StatementRunnerOptions = {},
): StatementRunner {
  const statements = new Map<string, Statement>();
  let counter = 0;

  const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  async function prepare(sql: string, options: QueryOptions): Promise<Statement> {
    const name = `yardline_${++counter}`;
    const parseMessage = serialize.parse({ name, text: sql, types: options.paramTypes ?? [] });
    const described = await send(
      concat([
        parseMessage.slice(),
        serialize.describe({ type: "S", name }).slice(),
        serialize.sync().slice(),
      ]),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(sql, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldest, evicted] = statements.entries().next().value ?? [];
      if (oldest !== undefined && evicted) {
        statements.delete(oldest);
        await send(
          concat([
            serialize.close({ type: "S", name: evicted.name }).slice(),
            serialize.sync().slice(),
          ]),
        );
      }
    }
    return statement;
  }

  function serializeParams(statement: Statement, params: unknown[], options: QueryOptions) {
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index] ?? 0;
      const serializer = options.serializers?.[type] ?? pg.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }

  /**
   * The answer's bytes, unparsed: PGlite's parser spent a third of the worker's time on a list
   * page's fields (issue 30), while the server thread, waiting on the worker, sat idle. An
   * error or a notification is read here, as execProtocolStream would.
   */
  async function sendRaw(message: Uint8Array): Promise<RawAnswer> {
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (data) => chunks.push(data.slice()),
    });
    // A copy of its own either way (the chunk's slice, or the joined copy): sent whole.
    const bytes = chunks.length === 1 && chunks[0] ? chunks[0] : concat(chunks);
    if (needsParsing(bytes)) readHere(bytes);
    return { raw: bytes.buffer as ArrayBuffer };
  }

  /** Hands on the answer's notifications, then throws its error if it has one. */
  function readHere(bytes: Uint8Array): void {
    let failure: messages.DatabaseError | undefined;
    new protocol.Parser().parse(bytes, (message) => {
      if (message instanceof messages.DatabaseError) failure ??= message;
      else if (message instanceof messages.NotificationResponseMessage && !failure) {
        runnerOptions.onNotification?.(message.channel, message.payload);
      }
    });
    if (failure) throw failure;
  }

  async function run(sql: string, params: unknown[], options: QueryOptions): Promise<RawAnswer> {
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(sql);
      statements.set(sql, statement);
    } else {
      statement = await prepare(sql, options);
    }
    const values = serializeParams(statement, params, options);
    return sendRaw(
      concat([
        serialize.bind({ statement: statement.name, values }).slice(),
        serialize.describe({ type: "P" }).slice(),
        serialize.execute({}).slice(),
        serialize.sync().slice(),
      ]),
    );
  }

  async function query(
    sql: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<Results | RawAnswer> {
    if (params.length === 0) return runUnnamed(pg, sql, options);
    return pg._runExclusiveQuery(async () => {
      try {
        const result = await run(sql, params, options);
        if (!pg.isInTransaction()) await pg.syncToFs();
        return result;
      } catch (error) {
        if (error instanceof messages.DatabaseError) {
          if (error.code === FEATURE_NOT_SUPPORTED) statements.delete(sql);
          Object.assign(error, { query: sql, params });
        }
        throw error;
      }
    });
  }

  return { query, exec: (sql) => runSimple(pg, sql), size: () => statements.size };
}

/** PGlite's own path, inside a transaction or not: the caller holds the transaction mutex. */
function runUnnamed(pg: PGlite, sql: string, options: QueryOptions): Promise<Results> {
  return pg._runExclusiveQuery(async () => {
    const replies: messages.BackendMessage[] = [];
    try {
      replies.push(
        ...(await pg.execProtocolStream(
          concat([
            serialize.parse({ text: sql, types: options.paramTypes ?? [] }).slice(),
            serialize.bind({ values: [] }).slice(),
            serialize.describe({ type: "P" }).slice(),
            serialize.execute({}).slice(),
            serialize.sync().slice(),
          ]),
          { syncToFs: false },
        )),
      );
    } catch (error) {
      if (error instanceof messages.DatabaseError) Object.assign(error, { query: sql, params: [] });
      throw error;
    }
    if (!pg.isInTransaction()) await pg.syncToFs();
    const [result] = parse.parseResults(replies, pg.parsers, options);
    if (!result) throw new Error(`no result for ${sql}`);
    return result;
  });
}

/** PGlite's `exec` without its transaction mutex: the caller holds it (or its transaction). */
function runSimple(pg: PGlite, sql: string): Promise<Results[]> {
  return pg._runExclusiveQuery(async () => {
    let replies: messages.BackendMessage[];
    try {
      replies = await pg.execProtocolStream(
        concat([serialize.query(sql).slice(), serialize.sync().slice()]),
        { syncToFs: false },
      );
    } catch (error) {
      if (error instanceof messages.DatabaseError) Object.assign(error, { query: sql });
      throw error;
    }
    if (!pg.isInTransaction()) await pg.syncToFs();
    return parse.parseResults(replies, pg.parsers, {});
  });
}
