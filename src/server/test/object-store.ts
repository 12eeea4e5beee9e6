import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../config";
import { importFauxqs } from "./fauxqs";

export interface ObjectStore {
  /** The store as ServerConfig.storage.s3 names it (a bucket of its own per store). */
  s3: S3Config;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free port, its files in a temporary directory. */
export async function startObjectStore(bucket = "yardline"): Promise<ObjectStore> {
  const directory = mkdtempSync(join(tmpdir(), "yardline-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    s3: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      prefix: "attachments/",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A local S3-compatible server that can abort multipart uploads (fauxqs, in memory; s3rver
 * cannot), on a free port, for the sweep of uploads a crash leaves. It lists none of them.
 */
export async function startAbortingObjectStore(bucket = "yardline"): Promise<ObjectStore> {
  const { startFauxqs } = await importFauxqs();
  const server = await startFauxqs({ port: 0, logger: false });
  server.createBucket(bucket);
  return {
    s3: {
      bucket,
      endpoint: `http://127.0.0.1:${server.port}`,
      region: "us-east-1",
      accessKeyId: "FAUXQS",
      secretAccessKey: "FAUXQS",
      forcePathStyle: true,
      prefix: "attachments/",
    },
    close: () => server.stop(),
  };
}
