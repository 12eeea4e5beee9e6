import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { openPglite } from "../db/pglite";
import { seedDemo } from "../db/seed";

/**
 * A migrated, seeded PGlite cluster as a tarball, cached in the temp directory. Starting a
 * test database from it takes ~0.5 s instead of ~3 s of initdb, migrations and seeding. The
 * cache key hashes everything that shapes the data (src/server/db/**, the password hasher,
 * this file) and the seed's hour, so a changed schema or seed, or a new hour, builds a new template.
 */
const SERVER = fileURLToPath(new URL("..", import.meta.url));
const INPUTS = [
  join(SERVER, "db"),
  join(SERVER, "crypto", "password.ts"),
  fileURLToPath(import.meta.url),
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

/**
 * The real time, whatever a test file did to Date (runOnMiddayClock fakes it: midday-clock.ts):
 * what decides which cached templates are stale.
 */
export const realNow = () => performance.timeOrigin + performance.now();

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
  const database: Database = await openPglite("memory://", { walSegmentMb: 1 });
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
const STALE_MS = 3 * 3600 * 1000;

/** Templates of older sources or hours, unused for three hours, only take space (about 40 MB each). */
function removeStaleTemplates(keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(PREFIX) || path === keep) continue;
    try {
      if (realNow() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

/**
 * A Blob over a dump held in memory, answering arrayBuffer() with one copy of it. Node's own
 * Blob hands its bytes back in small pieces joined again: with reading the file and the Blob's
 * own copy, that was ~0.5 s of CPU and 130 MB of garbage for each test database of the 44 MB
 * template (35 MB now, its WAL in 1 MB segments). PGlite reads a dump only through arrayBuffer() (and the type, for gzip); each
 * database gets its own copy, as PGlite's files are written from it.
 */
class HeldDump extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([], { type: "application/x-tar" });
    this.#bytes = bytes;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer;
  }
}

/** The template this process has read, by file: read once, however many test files use it. */
const held = new Map<string, Promise<Uint8Array>>();

async function templateBytes(file: string, passwordCost: number): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    // Not built yet for these sources.
  }
  const blob = await buildTemplate(passwordCost);
  const bytes = new Uint8Array(await blob.arrayBuffer());
  // Write then rename, so a concurrent run never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  removeStaleTemplates(file);
  return bytes;
}

export async function seededPgliteTemplate(passwordCost: number): Promise<Blob> {
  const file = join(tmpdir(), `${PREFIX}${templateKey(passwordCost)}.tar`);
  let bytes = held.get(file);
  if (!bytes) {
    // A new hour's or source's template replaces the one held before.
    held.clear();
    bytes = templateBytes(file, passwordCost);
    held.set(file, bytes);
    // A failed build is not kept: the next file tries again.
    bytes.catch(() => held.delete(file));
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
