import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
/** Below this a compressed copy saves less than its headers (the server's threshold too). */
const MIN_BYTES = 1024;

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes file.br (brotli 11) and file.gz (gzip 9) beside `file` when each is smaller. */
async function precompressFile(file: string): Promise<void> {
  if ((await stat(file)).size < MIN_BYTES) return;
  const content = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: 9 }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
}

/**
 * After the whole build (the service worker included, so list this plugin after VitePWA),
 * writes brotli and gzip copies beside every compressible file of the output directory; the
 * server sends them as they are (@fastify/static preCompressed, plugins/static.ts). The
 * service worker's precache never lists them: its globs match the original names only.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "yardline:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const files = await filesOf(outDir);
        await Promise.all(files.map(precompressFile));
      },
    },
  };
}
