import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Streams that must reach the device frame by frame; a compressor would hold them back. */
const NEVER_COMPRESSED = ["/api/events"];

/**
 * Compresses JSON (and other text) answers above COMPRESS_THRESHOLD_BYTES with brotli or
 * gzip, as the request's Accept-Encoding allows; brotli at quality 4 (the plugin's default:
 * 11 costs far more CPU for a few percent). The built client's files are compressed at build
 * time (plugins/static.ts serves those) and pass through untouched. Request bodies are not
 * decompressed: devices send small JSON. Register before the routes and the static files.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook("onRoute", (route) => {
    const path = route.url ?? route.path;
    if (NEVER_COMPRESSED.some((prefix) => path.startsWith(prefix))) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    globalDecompression: false,
  });
}
