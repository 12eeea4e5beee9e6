import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { extract } from "tar-stream";
import { createPglite } from "../db/pglite-create";
import { cachedDumpBytes, HeldDump } from "./cached-dump";

/**
 * An empty PGlite cluster as initdb leaves it (its write-ahead log in 1 MB segments, as the
 * seeded template's), dumped once per PGlite version and kept in the temp directory. PGlite's
 * initdb costs 6-7 s of CPU in its WebAssembly on a 2-core CI machine, opening an existing
 * cluster under 1 s, and a run needs about twenty empty clusters: the scratch directories of
 * the tests of a first start (harness.ts createScratchStorage), the processes those tests
 * start (npm run create-admin), the seeded template's build and the e2e server's directory.
 * Each starts from this dump instead: the same files initdb writes. One test still runs the
 * product's own initdb (db/pglite-worker.test.ts, a directory's data kept), and so does every
 * real first start.
 */
const PREFIX = "yardline-pglite-blank-";
const WAL_SEGMENT_MB = 1;

function blankClusterKey(): string {
  // The package's exports leave out its package.json: found beside its entry's dist/.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const { version } = JSON.parse(
    readFileSync(join(dirname(entry), "..", "package.json"), "utf8"),
  ) as { version: string };
  return createHash("sha256")
    .update(`pglite:${version}:wal:${WAL_SEGMENT_MB}`)
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest("hex")
    .slice(0, 16);
}

async function buildBlankCluster(): Promise<Blob> {
  const pg = await createPglite("memory://", { walSegmentMb: WAL_SEGMENT_MB });
  try {
    // Past a checkpoint, an open replays no log.
    await pg.exec("checkpoint");
    return await pg.dumpDataDir("none");
  } finally {
    await pg.close();
  }
}

/** Read once per process, however many clusters start from it. */
let held: Promise<Uint8Array> | undefined;

function blankClusterBytes(): Promise<Uint8Array> {
  if (!held) {
    held = cachedDumpBytes(PREFIX, blankClusterKey(), buildBlankCluster);
    // A failed build is not kept: the next caller tries again.
    held.catch(() => {
      held = undefined;
    });
  }
  return held;
}

/** The empty cluster, for PGlite's loadDataDir (each start gets its own copy). */
export async function blankClusterDump(): Promise<Blob> {
  return new HeldDump(await blankClusterBytes());
}

/**
 * Writes the empty cluster's files into `dir` (empty or missing), so whatever opens it next,
 * in this process or another (the app, a script), finds a cluster and skips initdb. Written
 * straight from the dump (0.1 s, where starting PGlite on the directory to load it took 1.8 s
 * of CPU), without the builder's postmaster.pid.
 */
export async function prefillDataDir(dir: string): Promise<void> {
  const root = resolve(dir);
  const entries = extract();
  entries.end(await blankClusterBytes());
  for await (const entry of entries) {
    const { name, type, mode } = entry.header;
    // The dump names its files from the data directory's root ("/base/1/112").
    const path = resolve(root, `.${name}`);
    if (path !== root && !path.startsWith(`${root}${sep}`)) {
      throw new Error(`the blank cluster's dump names a file outside it: ${name}`);
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of entry) chunks.push(chunk as Uint8Array);
    if (type === "directory") await mkdir(path, { recursive: true, mode });
    else if (type === "file" && name !== "/postmaster.pid") {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, Buffer.concat(chunks), { mode });
    }
  }
}
