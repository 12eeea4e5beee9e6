import { readdirSync, rmSync, statSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * PGlite dumps the test suite keeps in the temp directory between runs (the empty cluster of
 * pglite-blank-cluster.ts, the seeded template of pglite-template.ts): read when there, else
 * built and written for the next process.
 */

/**
 * The real time, whatever a test file did to Date (runOnMiddayClock fakes it: midday-clock.ts):
 * what decides which cached dumps are stale.
 */
export const realNow = () => performance.timeOrigin + performance.now();

/** Dumps of older sources or hours, unused for three hours, only take space. */
const STALE_MS = 3 * 3600 * 1000;

/** Removes the other dumps named `prefix`… that no run has written for three hours. */
function removeStaleDumps(prefix: string, keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(prefix) || path === keep) continue;
    try {
      if (realNow() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

/**
 * The bytes of the temp directory's `prefix + key + ".tar"`, built by `build` when missing:
 * written beside it and renamed into place, so a concurrent run never reads half a file; a
 * build also clears that prefix's stale dumps.
 */
export async function cachedDumpBytes(
  prefix: string,
  key: string,
  build: () => Promise<Blob>,
): Promise<Uint8Array> {
  const file = join(tmpdir(), `${prefix}${key}.tar`);
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    // Not built yet for these sources.
  }
  const bytes = new Uint8Array(await (await build()).arrayBuffer());
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  removeStaleDumps(prefix, file);
  return bytes;
}

/**
 * A Blob over a dump held in memory, answering arrayBuffer() with one copy of it. Node's own
 * Blob hands its bytes back in small pieces joined again: with reading the file and the Blob's
 * own copy, that was ~0.5 s of CPU and 130 MB of garbage for each test database of the 44 MB
 * template (20 MB now). PGlite reads a dump only through arrayBuffer() (and the type, for
 * gzip); each database gets its own copy, as PGlite's files are written from it.
 */
export class HeldDump extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([], { type: "application/x-tar" });
    this.#bytes = bytes;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer;
  }
}
