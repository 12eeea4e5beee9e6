import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { openPglite } from "../db/pglite";
import { seedDemo } from "../db/seed";
import { cachedDumpBytes, HeldDump } from "./cached-dump";
import { blankClusterDump } from "./pglite-blank-cluster";

/**
 * A migrated, seeded PGlite cluster as a tarball, cached in the temp directory (cached-dump.ts).
 * Starting a test database from it takes ~0.5 s instead of several of initdb, migrations and
 * seeding; its build starts from the cached empty cluster (pglite-blank-cluster.ts). The
 * cache key hashes everything that shapes the data (src/server/db/**, the password hasher,
 * these files) and the seed's hour, so a changed schema or seed, or a new hour, builds a new template.
 */
const SERVER = fileURLToPath(new URL("..", import.meta.url));
const INPUTS = [
  join(SERVER, "db"),
  join(SERVER, "crypto", "password.ts"),
  fileURLToPath(import.meta.url),
  fileURLToPath(new URL("pglite-blank-cluster.ts", import.meta.url)),
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!path.endsWith(".ts") && !path.endsWith(".sql") && !path.endsWith(".json")) {
    return readdirSync(path, { recursive: true, encoding: "utf8" })
      .map((name) => join(path, name))
      .filter((name) => /\.(ts|sql|json)$/.test(name))
      .sort();
  }
  return [path];
}

/**
 * The seed books lines relative to the hour it runs (today's lines, arrivals clamped to now),
 * so a template serves for the hour it was built in and the local day and hour are in the key.
 */
export function seedHour(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}`;
}

/** When a seedHour began (local time), or undefined for another string. */
export function seedHourStart(hour: string): number | undefined {
  if (!/^\d{10}$/.test(hour)) return undefined;
  const part = (from: number, to: number) => Number(hour.slice(from, to));
  return new Date(part(0, 4), part(4, 6) - 1, part(6, 8), part(8, 10)).getTime();
}

/** Hashes everything that shapes the seeded data, and the seed's hour. */
export function templateKey(passwordCost: number, hour = seedHour()): string {
  const hash = createHash("sha256").update(`cost:${passwordCost}:hour:${hour}`);
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(file.slice(SERVER.length)).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Every test database loads the whole template (each file into PGlite's in-memory file
 * system), so what the app never opens is taken out first: the template0 and template1
 * databases (43 % of the files and bytes; PGlite opens "postgres" and the tests create no
 * database on it), and the write-ahead log written since initdb, replayed at every start until
 * a checkpoint stands after it. A test database then starts in 0.48 s of CPU instead of 0.81.
 */
async function leaveOnlyTheAppDatabase(database: Database): Promise<void> {
  await database.db.execute(
    sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  await database.db.execute(sql`drop database template0`);
  await database.db.execute(sql`drop database template1`);
  await database.db.execute(sql`checkpoint`);
}

async function buildTemplate(passwordCost: number): Promise<Blob> {
  const database: Database = await openPglite("memory://", {
    loadDataDir: await blankClusterDump(),
  });
  try {
    await database.migrate();
    await seedDemo(database.db, { passwordCost });
    await leaveOnlyTheAppDatabase(database);
    if (!database.dump) throw new Error("PGlite adapter cannot dump");
    return await database.dump();
  } finally {
    await database.close();
  }
}

const PREFIX = "yardline-test-template-";

/** The template this process has read, by key: read once, however many test files use it. */
const held = new Map<string, Promise<Uint8Array>>();

export async function seededPgliteTemplate(passwordCost: number): Promise<Blob> {
  const key = templateKey(passwordCost);
  let bytes = held.get(key);
  if (!bytes) {
    // A new hour's or source's template replaces the one held before.
    held.clear();
    bytes = cachedDumpBytes(PREFIX, key, () => buildTemplate(passwordCost));
    held.set(key, bytes);
    // A failed build is not kept: the next file tries again.
    bytes.catch(() => held.delete(key));
  }
  return new HeldDump(await bytes);
}

/**
 * PostgreSQL's page cache for a test database: the seeded template is a few megabytes of
 * rows, and each start allocates and clears the cache (PGlite's 128MB took 0.4 s more CPU a
 * start, ~80 starts a run).
 */
export const TEST_SHARED_BUFFERS = "16MB";

/**
 * A fresh in-memory database holding the seeded template, in the test's own thread: a worker
 * per file costs the API suite a quarter more CPU (its modules load again in the thread), which
 * a 2-core run cannot spare. The product's worker is tested by db/pglite-worker.test.ts (the API
 * through it) and by every e2e journey (the e2e server runs `npm start`'s path);
 * PGLITE_THREAD=worker runs the whole suite through it.
 */
export async function openSeededPglite(passwordCost: number): Promise<Database> {
  return openPglite("memory://", {
    loadDataDir: await seededPgliteTemplate(passwordCost),
    thread: process.env.PGLITE_THREAD === "worker" ? "worker" : "inline",
    sharedBuffers: TEST_SHARED_BUFFERS,
  });
}
