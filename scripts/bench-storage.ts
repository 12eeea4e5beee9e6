/**
 * `npm run bench -- storage`: attachment throughput and the server's memory for each storage
 * kind (dir, postgres, s3 on a local s3rver). 20 clients upload a 20 MB file each at once
 * through a forked server (scripts/bench/storage-server.ts), then download them all at once;
 * prints MB/s both ways and the server process's peak RSS in each phase. With DATABASE_URL the
 * database is that PostgreSQL (postgres kind: a separate process); without it PGlite runs inside
 * the server, so the postgres kind's RSS then includes the database's own cache.
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { STORAGE_KINDS, type StorageKind } from "../src/server/config";
import { DEMO_PASSWORD } from "../src/server/db/demo-data";
import { createScratchStorage } from "../src/server/test/harness";
import { startObjectStore } from "../src/server/test/object-store";

const MB = 1_048_576;
const CLIENTS = Number(process.env.BENCH_STORAGE_CLIENTS ?? 20);
const FILE_MB = Number(process.env.BENCH_STORAGE_FILE_MB ?? 20);

interface Ready {
  port: number;
  company: number;
  line: number;
}

async function benchKind(kind: StorageKind, file: Buffer): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `yardline-bench-storage-${kind}-`));
  const store = kind === "s3" ? await startObjectStore() : undefined;
  // A database of its own (PostgreSQL: created and dropped; PGlite: a temporary directory).
  const scratch = await createScratchStorage();
  const child = fork(fileURLToPath(new URL("./bench/storage-server.ts", import.meta.url)), [], {
    env: {
      ...process.env,
      BENCH_STORAGE: kind,
      BENCH_DIR: join(work, "files"),
      BENCH_DATABASE: scratch.storage.databaseUrl ?? "",
      BENCH_DB_DIR: scratch.storage.dataDir,
      BENCH_S3: store ? JSON.stringify(store.s3) : "",
    },
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const peak = () =>
    new Promise<number>((resolve) => {
      child.once("message", (message: { peak: number }) => resolve(message.peak));
      child.send("peak");
    });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`storage server exited with ${code}`)));
      child.once("message", (message: Ready) => resolve(message));
    });
    const base = `http://127.0.0.1:${ready.port}`;
    const login = await fetch(`${base}/get-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "office", password: DEMO_PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}`, company: String(ready.company) };
    const idle = await peak();

    const upStart = performance.now();
    const ids = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, index) => {
        const form = new FormData();
        form.append("shipment", String(ready.line));
        form.append("file", new Blob([new Uint8Array(file)]), `load-${index}.bin`);
        const answer = await fetch(`${base}/api/attachment`, {
          method: "POST",
          headers,
          body: form,
        });
        if (answer.status !== 201)
          throw new Error(`upload ${answer.status} ${await answer.text()}`);
        return ((await answer.json()) as { id: number }).id;
      }),
    );
    const upSeconds = (performance.now() - upStart) / 1000;
    const upPeak = await peak();

    const downStart = performance.now();
    await Promise.all(
      ids.map(async (id) => {
        const answer = await fetch(`${base}/api/attachment/${id}/download`, { headers });
        let bytes = 0;
        for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>)
          bytes += chunk.length;
        if (bytes !== file.length) throw new Error(`download ${id}: ${bytes} bytes`);
      }),
    );
    const downSeconds = (performance.now() - downStart) / 1000;
    const downPeak = await peak();
    const total = CLIENTS * FILE_MB;
    const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
    console.log(
      `${kind.padEnd(8)} upload ${(total / upSeconds).toFixed(1)} MB/s (${upSeconds.toFixed(1)} s), ` +
        `download ${(total / downSeconds).toFixed(1)} MB/s (${downSeconds.toFixed(1)} s); ` +
        `server RSS idle ${mb(idle)}, peak uploading ${mb(upPeak)}, downloading ${mb(downPeak)}`,
    );
  } finally {
    child.kill();
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => child.once("exit", resolve));
    await scratch.remove();
    await store?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

export async function runStorageBench(): Promise<void> {
  const database = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "PGlite";
  console.log(
    `Attachment storage: ${CLIENTS} clients x ${FILE_MB} MB at once, database ${database}\n`,
  );
  const file = randomBytes(FILE_MB * MB);
  const only = process.env.BENCH_STORAGE_KINDS?.split(",");
  for (const kind of STORAGE_KINDS) {
    if (!only || only.includes(kind)) await benchKind(kind, file);
  }
}
