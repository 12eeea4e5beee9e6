import { createHash } from "node:crypto";
import { is, type Query, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./database";

/**
 * A raw statement run as a named prepared statement, as Drizzle's prepared selects are
 * (db.execute sends it unnamed: PostgreSQL parses it on every call). For a big statement run
 * all the time: the change feed's answer was parsed anew on every pull, 0.6-0.8 ms of the
 * database's CPU against 0.3 ms of running it (issue 30, the load bench's two hundred
 * devices). The name is the text's hash, so one text is one statement on each connection
 * (node-postgres parses it once per connection; PGlite's worker once per text, as for every
 * statement with parameters). Past MAX_NAMED texts (values written into the SQL would make
 * every call new) the rest run unnamed, as db.execute would. Answers as db.execute does.
 *
 * A statement run per request can also be built once (`builtStatement`, with sql.placeholder
 * for its values, given at each call): building Drizzle's SQL into text walked every part of
 * the feed's statement on every pull (16 % of the server's CPU under the load bench).
 */
const MAX_NAMED = 200;
const dialect = new PgDialect();
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `yl_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
  names.set(text, name);
  return name;
}

/** A statement's text and parameters, built once. */
export interface BuiltStatement {
  query: Query;
  name: string | undefined;
}

export function builtStatement(statement: SQL): BuiltStatement {
  const query = dialect.sqlToQuery(statement);
  return { query, name: nameOf(query.sql) };
}

export async function executeNamed<T = unknown>(
  db: Executor,
  statement: SQL | BuiltStatement,
  values: Record<string, unknown> = {},
): Promise<T> {
  const { query, name } = is(statement, SQL) ? builtStatement(statement) : statement;
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return (await prepared.execute(values)) as T;
}
