import { randomBytes } from "node:crypto";
import { type ClientRequest, request } from "node:http";
import { Readable } from "node:stream";
import {
  CompleteMultipartUploadCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, PLAIN } from "../../db/demo-data";
import { attachments } from "../../db/schema/attachments";
import { storageUploads } from "../../db/schema/storage-uploads";
import { sweepAttachments } from "../../domain/documents/attachment-service";
import { createTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/harness";
import {
  type ObjectStore,
  startAbortingObjectStore,
  startObjectStore,
} from "../../test/object-store";
import { startServer } from "../../test/run-script";
import { insertLine } from "../../test/shipments";
import type { FileStorage } from "./file-storage";
import { createS3Storage } from "./s3-storage";
import { PART_BYTES } from "./s3-uploads";

/**
 * The sweep of S3 multipart uploads a crash leaves (issue 27), against fauxqs, a local store
 * that aborts uploads but cannot list them: the upload id is recorded before any part goes up,
 * and the sweep of any instance aborts it once old enough. On PGlite and PostgreSQL; the real
 * crash (a server process killed with SIGKILL mid-upload) needs a database two processes share,
 * so it runs on PostgreSQL only.
 */
const MB = 1_048_576;
const MAX_BYTES = 100 * MB;
const HOUR_MS = 3600_000;
const onPostgres = Boolean(process.env.DATABASE_URL);

let store: ObjectStore;
let t: TestApp;
let storage: FileStorage;
let client: S3Client;

beforeAll(async () => {
  store = await startAbortingObjectStore();
  t = await createTestApp();
  // Another instance's storage: same bucket, same database.
  storage = createS3Storage(store.s3, t.app.db);
  client = new S3Client({
    region: store.s3.region,
    endpoint: store.s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "FAUXQS", secretAccessKey: "FAUXQS" },
  });
}, 120_000);
afterAll(async () => {
  client?.destroy();
  await t?.close();
  await store?.close();
});

const recorded = () => t.app.db.select().from(storageUploads);

/** Whether the store still takes parts for the upload (NoSuchUpload once aborted). */
function sendPart(upload: { objectKey: string; uploadId: string }) {
  return client.send(
    new UploadPartCommand({
      Bucket: store.s3.bucket,
      Key: upload.objectKey,
      UploadId: upload.uploadId,
      PartNumber: 1,
      Body: Buffer.from("late part"),
    }),
  );
}

async function expectAborted(upload: { objectKey: string; uploadId: string }) {
  await expect(sendPart(upload)).rejects.toMatchObject({ name: "NoSuchUpload" });
  const complete = client.send(
    new CompleteMultipartUploadCommand({
      Bucket: store.s3.bucket,
      Key: upload.objectKey,
      UploadId: upload.uploadId,
      MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"0"' }] },
    }),
  );
  await expect(complete).rejects.toMatchObject({ name: "NoSuchUpload" });
  const objects = await client.send(
    new ListObjectsV2Command({ Bucket: store.s3.bucket, Prefix: upload.objectKey }),
  );
  expect(objects.Contents ?? []).toEqual([]);
}

/** `bytes` in 64 KB chunks, as a request streams them. */
function streamed(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 65_536) chunks.push(bytes.subarray(at, at + 65_536));
  return Readable.from(chunks);
}

describe("the S3 storage with an upload recorded before its parts go up", () => {
  it("keeps no record of a finished multipart upload, and the file reads back whole", async () => {
    const content = randomBytes(2 * PART_BYTES + 12_345);
    const stored = await storage.write(streamed(content), MAX_BYTES);
    expect(stored.size).toBe(content.length);
    expect(await recorded()).toEqual([]);
    const back = Buffer.concat(await storage.read(stored.key).toArray());
    expect(back.equals(content)).toBe(true);
    await storage.remove(stored.key);
    expect(await storage.has(stored.key)).toBe(false);
  });

  it("completes a multipart upload on s3rver too (the storage kinds' store)", async () => {
    const s3rver = await startObjectStore();
    try {
      const other = createS3Storage(s3rver.s3, t.app.db);
      const content = randomBytes(PART_BYTES + 54_321);
      const stored = await other.write(streamed(content), MAX_BYTES);
      const back = Buffer.concat(await other.read(stored.key).toArray());
      expect(back.equals(content)).toBe(true);
      expect(await recorded()).toEqual([]);
    } finally {
      await s3rver.close();
    }
  });

  it("aborts an upload cut off after its first part at once, and forgets it", async () => {
    const cutOff = Readable.from(
      (async function* () {
        yield randomBytes(PART_BYTES + 1);
        throw new Error("connection reset");
      })(),
    );
    await expect(storage.write(cutOff, MAX_BYTES)).rejects.toThrow("connection reset");
    expect(await recorded()).toEqual([]);
    expect(await storage.list()).toEqual([]);
  });

  it("sweeps an upload whose writer vanished mid-way, once it is old enough", async () => {
    // The writer stalls after its first part and is dropped without an abort, as a crash would.
    const stalled = Readable.from(
      (async function* () {
        yield randomBytes(PART_BYTES + 1);
        await new Promise(() => undefined);
      })(),
    );
    void storage.write(stalled, MAX_BYTES).catch(() => undefined);
    await expect.poll(async () => (await recorded()).length, { timeout: 30_000 }).toBe(1);
    const [upload] = await recorded();
    if (!upload) throw new Error("no recorded upload");
    expect(upload.bucket).toBe(store.s3.bucket);
    expect(upload.objectKey.startsWith(store.s3.prefix)).toBe(true);

    // Young: the sweep leaves it (it may be another instance's upload in progress).
    expect(await sweepAttachments(t.app.db, storage, HOUR_MS)).toEqual({
      rows: 0,
      files: 0,
      uploads: 0,
    });
    expect(await recorded()).toHaveLength(1);
    await expect(sendPart(upload)).resolves.toMatchObject({ ETag: expect.any(String) });

    expect(await sweepAttachments(t.app.db, storage, 0)).toMatchObject({ uploads: 1 });
    await expectAborted(upload);
    expect(await recorded()).toEqual([]);
    // Nothing left to sweep, and a second sweep finds nothing.
    expect(await sweepAttachments(t.app.db, storage, 0)).toMatchObject({ uploads: 0 });
  });

  it("forgets a recorded upload the store no longer knows", async () => {
    await t.app.db.insert(storageUploads).values({
      bucket: store.s3.bucket,
      objectKey: `${store.s3.prefix}00000000-0000-4000-8000-000000000000`,
      uploadId: "no-such-upload",
      startedAt: new Date(Date.now() - 2 * HOUR_MS),
    });
    expect(await sweepAttachments(t.app.db, storage, HOUR_MS)).toMatchObject({ uploads: 1 });
    expect(await recorded()).toEqual([]);
  });
});

/** A multipart POST /api/attachment that sends `bytes` of its file and then waits forever. */
function stalledUpload(url: string, token: string, company: number, line: number, bytes: Buffer) {
  const boundary = `----yardline${randomBytes(8).toString("hex")}`;
  const sending: ClientRequest = request(`${url}/api/attachment`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      company: String(company),
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
  });
  sending.on("error", () => undefined);
  sending.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="shipment"\r\n\r\n${line}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  sending.write(bytes);
  return sending;
}

describe.skipIf(!onPostgres)("a server process killed with SIGKILL mid-upload", () => {
  it("leaves its upload recorded, and another instance's sweep aborts it", {
    timeout: 400_000,
  }, async () => {
    const plain = await t.companyId(PLAIN);
    const line = await insertLine(t.app.db, plain, 1);
    const server = await startServer("src/server/main.ts", {
      DATABASE_URL: t.config.databaseUrl ?? "",
      JWT_SECRET: TEST_JWT_SECRET,
      PASSWORD_HASH_COST: "10",
      STATIC_DIR: "/nonexistent",
      LOG_LEVEL: "info",
      ATTACHMENTS_STORAGE: "s3",
      S3_BUCKET: store.s3.bucket,
      S3_ENDPOINT: store.s3.endpoint ?? "",
      S3_REGION: store.s3.region,
      S3_ACCESS_KEY_ID: "FAUXQS",
      S3_SECRET_ACCESS_KEY: "FAUXQS",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: store.s3.prefix,
    });
    let sending: ClientRequest | undefined;
    try {
      const login = await fetch(`${server.url}/get-token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "office", password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      sending = stalledUpload(server.url, token, plain, line, randomBytes(PART_BYTES + MB));
      await expect.poll(async () => (await recorded()).length, { timeout: 60_000 }).toBe(1);
      // Still young: this instance's sweep leaves the other's upload in progress alone.
      expect(await sweepAttachments(t.app.db, storage, HOUR_MS)).toMatchObject({ uploads: 0 });
      expect(await recorded()).toHaveLength(1);
    } finally {
      expect(await server.kill("SIGKILL")).toMatchObject({ signal: "SIGKILL" });
      sending?.destroy();
    }
    const [upload] = await recorded();
    if (!upload) throw new Error("no recorded upload");
    await expect(sendPart(upload)).resolves.toMatchObject({ ETag: expect.any(String) });

    expect(await sweepAttachments(t.app.db, storage, 0)).toMatchObject({ uploads: 1 });
    await expectAborted(upload);
    expect(await recorded()).toEqual([]);
    // The request never ended: no attachment row names the upload.
    expect(
      await t.app.db.select().from(attachments).where(eq(attachments.shipmentId, line)),
    ).toEqual([]);
  });
});
