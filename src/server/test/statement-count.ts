import { sql } from "drizzle-orm";
import type { Db } from "../db/database";

/**
 * The statements an app's database runs while `work` runs, as their SQL text, on either
 * driver (issue 30: each statement of a hot request costs a round trip and the database's
 * parse, plan and execute). Counted where Drizzle sends them: every prepared query's execute
 * (a named prepared statement counts at each execution) and, per transaction, its BEGIN and
 * COMMIT (PGlite sends them itself; node-postgres through execute, left out there so both
 * count alike). Change notices sent after commit (db/deferred-notify.ts) are not Drizzle's and
 * are not counted.
 */
export async function statementsOf(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const probe = db
    .select({ one: sql`1` })
    .from(sql`(select 1) as one`)
    .prepare("yardline_statement_probe");
  const queries = Object.getPrototypeOf(probe) as Record<string, unknown>;
  const session = db._.session as unknown as Record<string, unknown>;
  const seen: string[] = [];
  const originals = { execute: queries.execute, all: queries.all };
  const transaction = session.transaction;
  const ownTransaction = Object.hasOwn(session, "transaction");
  const wrap = (original: unknown) =>
    function (this: { queryString: string }, ...args: unknown[]) {
      const text = this.queryString.trim().toLowerCase();
      if (text !== "begin" && text !== "commit" && text !== "rollback") seen.push(this.queryString);
      return (original as (...args: unknown[]) => unknown).apply(this, args);
    };
  queries.execute = wrap(originals.execute);
  queries.all = wrap(originals.all);
  session.transaction = function (this: unknown, ...args: unknown[]) {
    seen.push("begin");
    const done = (transaction as (...args: unknown[]) => Promise<unknown>).apply(this, args);
    return done.finally(() => seen.push("commit"));
  };
  try {
    await work();
  } finally {
    queries.execute = originals.execute;
    queries.all = originals.all;
    if (ownTransaction) session.transaction = transaction;
    else delete session.transaction;
  }
  return seen;
}
