import { PGlite, parse, protocol, type QueryOptions } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blankClusterDump } from "../test/pglite-blank-cluster";
import { readerFor } from "./pglite-answer";
import { createStatementRunner, type StatementRunner } from "./pglite-statements";
import { isRawAnswer } from "./pglite-wire";

/**
 * The worker's answers read on the server thread (pglite-answer.ts) give what PGlite's own
 * parser gives for the same bytes, whatever the statement and the caller's options.
 */
let pg: PGlite;
let runner: StatementRunner;

beforeAll(async () => {
  pg = await PGlite.create("memory://", { loadDataDir: await blankClusterDump() });
  runner = createStatementRunner(pg);
  await pg.exec("create table answer_probe (id serial primary key, label text, at timestamptz)");
});
afterAll(async () => {
  await pg?.close();
});

/** Both readings of one statement's answer bytes. */
async function bothReadings(sql: string, params: unknown[], options: QueryOptions) {
  const answer = await runner.query(sql, params, options);
  if (!isRawAnswer(answer)) throw new Error("expected the answer's bytes");
  const messages: Parameters<typeof parse.parseResults>[0] = [];
  new protocol.Parser().parse(answer.raw.slice(0), (message) => {
    messages.push(message);
  });
  const [pglites] = parse.parseResults(messages, pg.parsers, options);
  return { ours: readerFor(pg.parsers)(answer.raw, options), pglites };
}

const OPTIONS: [string, QueryOptions][] = [
  ["objects", {}],
  ["arrays", { rowMode: "array" }],
  // Drizzle's: dates, timestamps and intervals as PostgreSQL's text.
  ["arrays, dates as text", { rowMode: "array", parsers: { 1184: (text: string) => text } }],
  // A caller's parser wins over PGlite's for its type, column by column.
  ["ints marked by the caller", { parsers: { 23: (text: string) => `int:${text}` } }],
];

const STATEMENTS: [string, string, unknown[]][] = [
  [
    "every kind of value, several rows",
    `select n, $1::text || n as label, 'Señal ✓ ' || $2::text as accents, null::int as none,
      array[n, n + 1] as pair, '{"a","b c"}'::text[] as words, json_build_object('n', n) as object,
      (n * 1.5)::numeric as amount, n % 2 = 0 as even, $3::timestamptz as at, n::bigint as big
      from generate_series(1, $4::int) as n`,
    ["L-", "ñ", "2026-11-28T10:00:00Z", 25],
  ],
  [
    "an answer larger than PGlite's output buffer (in several chunks)",
    "select n, repeat($1::text, 50) as filler from generate_series(1, $2::int) as n",
    ["ñandú ", 3_000],
  ],
  ["no row", "select $1::int as n where false", [1]],
  ["the same name twice", "select $1::int as a, $2::int as a", [1, 2]],
  [
    "an insert's returning rows",
    "insert into answer_probe (label, at) values ($1, $2), ($1, $2) returning id, label, at",
    ["in", "2026-11-28T11:00:00Z"],
  ],
  ["an update's count", "update answer_probe set label = $1 where label = $2", ["out", "in"]],
  ["a delete's count", "delete from answer_probe where label = $1", ["nothing"]],
];

describe("a worker's answer read on the server thread", () => {
  for (const [kind, options] of OPTIONS) {
    for (const [name, sql, params] of STATEMENTS) {
      it(`${name} (${kind})`, async () => {
        const { ours, pglites } = await bothReadings(sql, params, options);
        expect(ours).toEqual(pglites);
        expect(pglites?.command).toBeDefined();
      });
    }
  }
});
