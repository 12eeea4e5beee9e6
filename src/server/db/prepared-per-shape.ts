import { createHash } from "node:crypto";
import { type Column, Param, type SQL, sql } from "drizzle-orm";
import type { Executor } from "./database";

/**
 * Statements built once per database and shape, for the statements run on every request: a
 * shape is what a statement's SQL depends on (which filters are set, which columns a change
 * writes, how many ids a list holds), its values go in as `sql.placeholder`s at each call.
 * Building Drizzle's SQL walks every part of a statement (a line's write and read cost more
 * to build than to run), and a statement prepared under a name is parsed by PostgreSQL once
 * per connection instead of on every call (issue 30).
 *
 * `build(name)` makes the shape's statements; `name` is unique to the place and shape, for
 * Drizzle's `.prepare(name)` (one name is one text on a connection). Past `max` shapes of one
 * database the answer is undefined: the caller builds its statement as before (a shape per
 * request would otherwise fill memory). An executor is a database or one transaction: a
 * transaction's statements are its own.
 */
export function preparedPerShape<T>(place: string, max = 200) {
  const cache = new WeakMap<Executor, Map<string, T>>();
  return (db: Executor, shape: string, build: (name: string) => T): T | undefined => {
    let shapes = cache.get(db);
    if (!shapes) {
      shapes = new Map();
      cache.set(db, shapes);
    }
    const known = shapes.get(shape);
    if (known !== undefined || shapes.size >= max) return known;
    const name = `${place}_${createHash("sha1").update(shape).digest("hex").slice(0, 16)}`;
    const built = build(name);
    shapes.set(shape, built);
    return built;
  };
}

/**
 * A placeholder for a value of `column` in a statement built once (an update's set, where
 * Drizzle's types take no placeholder): encoded at each call as the column encodes a value
 * (a timestamp's Date, a jsonb's JSON); null stays SQL NULL, as it does in a statement built
 * with the value.
 */
export function columnPlaceholder(name: string, column: Column): SQL {
  const encoder = {
    mapToDriverValue: (value: unknown) =>
      value === null || value === undefined ? null : column.mapToDriverValue(value),
  };
  return sql`${new Param(sql.placeholder(name), encoder)}`;
}
