import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPostgres } from "../db/postgres";
import { seedDemo } from "../db/seed";
import { realNow } from "./cached-dump";
import { seedHour, seedHourStart, templateKey } from "./pglite-template";

/**
 * The PostgreSQL twin of pglite-template.ts: a migrated, seeded database kept on the server
 * (`yardline_tpl_<hour>_<key>`), which every test file's database is created from
 * (CREATE DATABASE ... TEMPLATE, well under a second) instead of migrating and seeding its own
 * (~5 s, and the PostgreSQL files run one after another). Built once per source and hour under
 * an advisory lock, so parallel runs on one server build it once; templates of hours more than
 * 14 hours from the real clock are dropped when nothing is using them.
 */
const PREFIX = "yardline_tpl_";
/** pg_advisory_lock key shared by every run on the server ("yardline template"). */
const BUILD_LOCK = 0x7961_7264;
/** "database is being accessed by other users": a just-closed connection is still leaving. */
const IN_USE = "55006";

/** One short-lived connection to url, for server-level statements (create/drop database). */
export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function retryWhileInUse(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== IN_USE || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function exists(client: pg.Client, name: string): Promise<boolean> {
  const result = await client.query("select 1 from pg_database where datname = $1", [name]);
  return (result.rowCount ?? 0) > 0;
}

async function build(baseUrl: string, client: pg.Client, name: string, passwordCost: number) {
  const building = `${name}_b${randomBytes(3).toString("hex")}`;
  await client.query(`create database "${building}"`);
  try {
    const database = await openPostgres(databaseUrl(baseUrl, building));
    try {
      await database.migrate();
      await seedDemo(database.db, { passwordCost });
    } finally {
      await database.close();
    }
    await retryWhileInUse(() => client.query(`alter database "${building}" rename to "${name}"`));
  } catch (error) {
    await client.query(`drop database if exists "${building}" with (force)`);
    throw error;
  }
}

/**
 * A file on the midday clock names and uses the template of its own hour, up to 12 hours from
 * the real one either way (noon of today), while files beside it use the real hour's: each is
 * kept while its hour lies within 14 hours of the real clock. Judged on the faked clock, a
 * midday file built at 01:00 dropped the real hour's template under the other worker's feet.
 */
const KEEP_MS = 14 * 3600 * 1000;

/** Whether a template of this hour (seedHour's YYYYMMDDHH, local) is past keeping at `now`. */
export function isStaleTemplateHour(hour: string, now: number): boolean {
  const start = seedHourStart(hour);
  return start !== undefined && Math.abs(now - start) > KEEP_MS;
}

/** Templates of other hours than any run may still use, when unused. */
async function dropStale(client: pg.Client): Promise<void> {
  const now = realNow();
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like $1",
    [`${PREFIX}%`],
  );
  for (const { datname } of rows) {
    const hour = datname.slice(PREFIX.length, PREFIX.length + 10);
    if (!isStaleTemplateHour(hour, now)) continue;
    // In use by a clone under way: left for a later run.
    await client.query(`drop database if exists "${datname}"`).catch(() => undefined);
  }
}

/** The name of the seeded template database on baseUrl's server, built if missing. */
export async function seededPostgresTemplate(
  baseUrl: string,
  passwordCost: number,
): Promise<string> {
  const hour = seedHour();
  const name = `${PREFIX}${hour}_${templateKey(passwordCost, hour)}`;
  await withAdminClient(baseUrl, async (client) => {
    if (await exists(client, name)) return;
    await client.query("select pg_advisory_lock($1)", [BUILD_LOCK]);
    try {
      if (!(await exists(client, name))) await build(baseUrl, client, name, passwordCost);
      await dropStale(client);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [BUILD_LOCK]);
    }
  });
  return name;
}

/** CREATE DATABASE name TEMPLATE template, waiting out the template's last builder connection. */
export function cloneDatabase(client: pg.Client, name: string, template: string): Promise<void> {
  return retryWhileInUse(() => client.query(`create database "${name}" template "${template}"`));
}
