/**
 * Attachment figures: `node --import tsx scripts/bench-attachments.ts`. A seeded in-memory
 * PGlite app listening on a real socket: uploads one 20 MB file over HTTP (multipart,
 * streamed to the storage) and prints the throughput; uploads BENCH_ZIP_MB (200) of files to
 * one line and reads their zip over HTTP, sampling the process's memory every 20 ms, and
 * prints the peak above the level before the zip (the zip streams, so it stays far below the
 * files' size). Figures, not pass/fail.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { DEMO_PASSWORD, PLAIN } from "../src/server/db/demo-data";
import { companies } from "../src/server/db/schema/companies";
import { testConfig } from "../src/server/test/harness";
import { openSeededPglite } from "../src/server/test/pglite-template";
import { insertLine } from "../src/server/test/shipments";

const MB = 1_048_576;
const ZIP_MB = Number(process.env.BENCH_ZIP_MB ?? 200);
const FILE_MB = 20;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "yardline-bench-attachments-"));
  const config = testConfig({ attachments: { dir, maxBytes: 64 * MB } });
  const app = await buildApp({
    config,
    seed: true,
    database: await openSeededPglite(config.passwordHashCost),
    serveClient: false,
  });
  try {
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const login = await fetch(`${address}/get-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "office", password: DEMO_PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const [company] = await app.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, PLAIN));
    if (!company) throw new Error("no company");
    const headers = { authorization: `Bearer ${access}`, company: String(company.id) };
    const line = await insertLine(app.db, company.id, 1);

    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append("shipment", String(line));
      form.append("file", new Blob([new Uint8Array(bytes)]), name);
      const answer = await fetch(`${address}/api/attachment`, {
        method: "POST",
        headers,
        body: form,
      });
      if (answer.status !== 201) throw new Error(`upload ${answer.status} ${await answer.text()}`);
    };

    const file = randomBytes(FILE_MB * MB);
    await upload(randomBytes(MB), "warmup.bin");
    const start = performance.now();
    await upload(file, "twenty.bin");
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `upload ${FILE_MB} MB: ${seconds.toFixed(2)} s, ${(FILE_MB / seconds).toFixed(1)} MB/s`,
    );

    for (let sent = FILE_MB + 1; sent < ZIP_MB; sent += FILE_MB)
      await upload(file, `more-${sent}.bin`);
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const zipStart = performance.now();
    const zip = await fetch(`${address}/api/attachment/zip?shipment=${line}`, { headers });
    let zipBytes = 0;
    for await (const chunk of zip.body as unknown as AsyncIterable<Uint8Array>)
      zipBytes += chunk.length;
    clearInterval(sampler);
    const zipSeconds = (performance.now() - zipStart) / 1000;
    console.log(
      `zip of ${(zipBytes / MB).toFixed(0)} MB in ${zipSeconds.toFixed(2)} s: ` +
        `RSS ${(before.rss / MB).toFixed(0)} MB before, peak ${(peakRss / MB).toFixed(0)} MB ` +
        `(+${((peakRss - before.rss) / MB).toFixed(0)} MB); heap peak +${((peakHeap - before.heapUsed) / MB).toFixed(0)} MB`,
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
