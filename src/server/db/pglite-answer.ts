import type { QueryOptions, Results } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";

/**
 * A statement's answer (the PGlite worker's RawAnswer: PostgreSQL's protocol bytes for Bind,
 * Describe, Execute, Sync) read into PGlite's Results, as PGlite's own parseResults builds them
 * (fields, rows as objects or arrays through the type parsers, command, affectedRows,
 * rowCount). Read here rather than with PGlite's parser, which copies every message into an
 * ArrayBuffer of its own and merges the parsers anew for each statement: a third of the server
 * thread's time on a list page (issue 30). Only what such an answer holds: text-format rows;
 * errors and notifications are read in the worker (pglite-statements.ts).
 */
export type Parsers = typeof types.parsers;
type Parser = Parsers[number];

/** PGlite's parsers as the worker's PGlite holds them: its defaults and its array types. */
function parsersOf(arrayTypes: [number, number][]): Parsers {
  const parsers: Parsers = { ...types.parsers };
  for (const [element, array] of arrayTypes) {
    parsers[array] = (value: string) =>
      types.arrayParser(value, parsers[element] ?? ((text: string) => text), array);
  }
  return parsers;
}

const ROW_DESCRIPTION = 0x54; // "T"
const DATA_ROW = 0x44; // "D"
const COMMAND_COMPLETE = 0x43; // "C"
/** Commands whose count PGlite adds to affectedRows. */
const AFFECTING = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

export type AnswerReader = <T>(raw: ArrayBuffer, options: QueryOptions | undefined) => Results<T>;

/**
 * The reader of one worker's answers: its PGlite's parsers (the defaults and the array types
 * it announced), under each caller's own. Looked up per column, never merged: Drizzle sends a
 * parsers object of its own with every query it has not prepared, and merging the 318 of
 * PGlite with it cost 120 us a read, more than reading the answer.
 */
export function answerReader(arrayTypes: [number, number][]): AnswerReader {
  return readerFor(parsersOf(arrayTypes));
}

/** The same with parsers at hand (a PGlite in this thread: its `parsers`). */
export function readerFor(parsers: Parsers): AnswerReader {
  return (raw, options) => resultOf(raw, parsers, options);
}

interface Field {
  name: string;
  dataTypeID: number;
}

/** The caller's parser of a type where it has one (as `{ ...base, ...own }` would), else PGlite's. */
function parserOf(type: number, base: Parsers, own: QueryOptions["parsers"]): Parser | undefined {
  return own && Object.hasOwn(own, type) ? own[type] : base[type];
}

function resultOf<T>(
  raw: ArrayBuffer,
  base: Parsers,
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers;
  const bytes = Buffer.from(raw);
  const asArrays = options?.rowMode === "array";
  const results: Results<T>[] = [];
  let fields: Field[] = [];
  let columnParsers: (Parser | undefined)[] = [];
  let rows: unknown[] = [];
  let affectedRows = 0;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const end = at + 1 + bytes.readInt32BE(at + 1);
    let cursor = at + 5;
    if (type === ROW_DESCRIPTION) {
      const count = bytes.readInt16BE(cursor);
      cursor += 2;
      fields = [];
      for (let index = 0; index < count; index += 1) {
        const nameEnd = bytes.indexOf(0, cursor);
        const name = bytes.toString("utf8", cursor, nameEnd);
        cursor = nameEnd + 1 + 6; // table oid, column number
        fields.push({ name, dataTypeID: bytes.readInt32BE(cursor) });
        cursor += 4 + 2 + 4 + 2; // type oid, size, modifier, format
      }
      columnParsers = fields.map(({ dataTypeID }) => parserOf(dataTypeID, base, own));
    } else if (type === DATA_ROW) {
      const count = bytes.readInt16BE(cursor);
      cursor += 2;
      const values: unknown[] = new Array(count);
      for (let index = 0; index < count; index += 1) {
        const length = bytes.readInt32BE(cursor);
        cursor += 4;
        if (length < 0) {
          values[index] = null;
          continue;
        }
        const text = bytes.toString("utf8", cursor, cursor + length);
        cursor += length;
        const parser = columnParsers[index];
        values[index] = parser ? parser(text, fields[index]?.dataTypeID) : text;
      }
      rows.push(
        asArrays
          ? values
          : Object.fromEntries(fields.map(({ name }, index) => [name, values[index]])),
      );
    } else if (type === COMMAND_COMPLETE) {
      const words = bytes.toString("utf8", cursor, end - 1).split(" ");
      const command = words[0] ?? "";
      const count = Number.parseInt(words[words.length - 1] ?? "", 10);
      if (AFFECTING.has(command)) affectedRows += count;
      results.push({
        rows: rows as T[],
        fields,
        command,
        affectedRows,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      } as Results<T>);
      fields = [];
      rows = [];
    }
    at = end;
  }
  // As PGlite: an answer without a command still answers one empty result.
  const [result = { affectedRows: 0, rows: [], fields: [] }] = results;
  return result;
}
