import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

/**
 * Drizzle maps each row of a select by walking its selected fields anew (utils.js
 * mapResultRow: for every row and column, entity checks up the prototype chain and a path
 * iterator): 13 % of the server's CPU on a list page (issue 30). `rowsMappedOnce` gives a
 * prepared select the same mapping with each column's decoder, path and table resolved once,
 * through the prepared query's own hook for a custom mapper (both drivers call
 * `customResultMapper(rows)` with the rows as arrays instead of mapResultRow).
 * `rows-mapped-once.test.ts` compares it with Drizzle's own on both drivers, so an upgrade
 * that changes either fails there.
 */

interface SelectedField {
  path: string[];
  field: unknown;
}

/** The parts of Drizzle's prepared select (node-postgres and PGlite alike) this reads. */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface MappedColumn {
  parents: string[];
  key: string;
  decoder: Decoder;
  /** The table of a table's column selected as `{ object: table }` (a join may null it). */
  table?: string;
}

type Node = Record<string, unknown>;

/** Drizzle's choice of decoder for a selected field (mapResultRow's). */
function decoderOf(field: unknown): Decoder {
  // An SQL's decoder is Drizzle's internal (set by mapWith; a no-op otherwise).
  const decoderOfSql = (value: unknown) => (value as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

function planOf(fields: SelectedField[], withJoins: boolean): MappedColumn[] {
  return fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path.at(-1) ?? "",
    decoder: decoderOf(field),
    table:
      withJoins && path.length === 2 && is(field, Column) ? getTableName(field.table) : undefined,
  }));
}

/** One row, as mapResultRow maps it. */
function mapRow(plan: MappedColumn[], row: unknown[], joins: Record<string, boolean> | undefined) {
  const result: Node = {};
  // Per object of a joined table: its table while its first column is null, else false.
  const nullify: Record<string, string | false> = {};
  for (let index = 0; index < plan.length; index++) {
    const column = plan[index] as MappedColumn;
    let node = result;
    for (const chunk of column.parents) {
      if (!(chunk in node)) node[chunk] = {};
      node = node[chunk] as Node;
    }
    const raw = row[index];
    const value = raw === null ? null : column.decoder.mapFromDriverValue(raw);
    node[column.key] = value;
    if (column.table === undefined) continue;
    const object = column.parents[0] as string;
    if (!(object in nullify)) nullify[object] = value === null ? column.table : false;
    else if (typeof nullify[object] === "string" && nullify[object] !== column.table) {
      nullify[object] = false;
    }
  }
  if (joins) {
    for (const object in nullify) {
      const table = nullify[object];
      if (typeof table === "string" && !joins[table]) result[object] = null;
    }
  }
  return result;
}

/** Sets `prepared`'s rows to be mapped with a plan made once; returns it. */
export function rowsMappedOnce<T extends object>(prepared: T): T {
  const select = prepared as PreparedSelect;
  const { fields, joinsNotNullableMap: joins } = select;
  if (!fields) throw new Error("rowsMappedOnce: not a prepared select");
  const plan = planOf(fields, joins !== undefined);
  select.customResultMapper = (rows) => rows.map((row) => mapRow(plan, row, joins));
  return prepared;
}
