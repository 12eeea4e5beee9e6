import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attachment } from "../../../../shared/contract/documents";
import type { StorageConfig, StorageKind } from "../../../config";
import { PLAIN } from "../../../db/demo-data";
import { sweepAttachments } from "../../../domain/documents/attachment-service";
import { createStorage } from "../../../services/storage/create-storage";
import { type FileStorage, StorageUnavailableError } from "../../../services/storage/file-storage";
import { migrateStorage } from "../../../services/storage/migrate-storage";
import { CHUNK_BYTES } from "../../../services/storage/postgres-storage";
import { createS3Storage } from "../../../services/storage/s3-storage";
import { createTestApp, type TestApp } from "../../../test/harness";
import { multipartBody, photoBytes } from "../../../test/multipart";
import { type ObjectStore, startObjectStore } from "../../../test/object-store";
import { insertLine } from "../../../test/shipments";

/**
 * Each storage kind behind the API (ATTACHMENTS_STORAGE), on the test database (PGlite, or
 * PostgreSQL with DATABASE_URL): bytes back exactly, nothing kept from a failed upload, the
 * sweep, an unreachable object store, and storage:migrate between kinds.
 */
const MAX_BYTES = 4 * 1_048_576;
const KINDS: StorageKind[] = ["dir", "postgres", "s3"];

let store: ObjectStore;
let dir: string;
beforeAll(async () => {
  store = await startObjectStore();
  dir = mkdtempSync(join(tmpdir(), "yardline-storage-kinds-"));
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Setup {
  t: TestApp;
  line: number;
  headers: Record<string, string>;
  storage: FileStorage;
}

async function setUp(kind: StorageKind, s3 = store.s3): Promise<Setup> {
  const storage: StorageConfig = { kind, s3 };
  const files = join(dir, kind);
  const t = await createTestApp({
    config: { attachments: { dir: files, maxBytes: MAX_BYTES }, storage },
  });
  const plain = await t.companyId(PLAIN);
  const line = await insertLine(t.app.db, plain, 1);
  const { token } = await t.login("office");
  // The app's storage lives in the /api scope: the same one, made from the same settings.
  const same = createStorage(kind, { db: t.app.db, dir: files, storage });
  return { t, line, headers: t.headers(token, plain), storage: same };
}

async function upload(s: Setup, content: Buffer, filename = "photo.bin") {
  const body = multipartBody({ shipment: String(s.line) }, [{ filename, content }]);
  return s.t.app.inject({
    method: "POST",
    url: "/api/attachment",
    payload: body.payload,
    headers: { ...s.headers, ...body.headers },
  });
}

async function download(s: Setup, id: number) {
  return s.t.app.inject({
    method: "GET",
    url: `/api/attachment/${id}/download`,
    headers: s.headers,
  });
}

async function rowCount(s: Setup): Promise<number> {
  const list = await s.t.app.inject({
    method: "GET",
    url: `/api/attachment?shipment=${s.line}`,
    headers: s.headers,
  });
  expect(list.statusCode, list.body).toBe(200);
  return (list.json() as { results: unknown[] }).results.length;
}

/** A source that sends `bytes` and then fails, as a connection cut mid-upload does. */
function cutOff(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield bytes;
      throw new Error("connection reset");
    })(),
  );
}

describe.each(KINDS)("attachments in the %s storage", (kind) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp(kind);
  }, 120_000);
  afterAll(async () => s?.t.close());

  it("stores a file of several chunks and gives it back byte for byte", async () => {
    expect(s.storage.kind).toBe(kind);
    const content = photoBytes(CHUNK_BYTES * 2 + 12_345);
    const created = await upload(s, content);
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json<Attachment>();
    const answer = await download(s, row.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(content)).toBe(true);

    const removed = await s.t.app.inject({
      method: "DELETE",
      url: `/api/attachment/${row.id}`,
      headers: s.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await s.storage.list()).toEqual([]);
  });

  it("keeps no bytes of a file over the limit, nor of an upload cut off", async () => {
    const before = await rowCount(s);
    const tooLarge = await upload(s, photoBytes(MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    await expect(s.storage.write(cutOff(randomBytes(CHUNK_BYTES + 1)), MAX_BYTES)).rejects.toThrow(
      "connection reset",
    );
    expect(await s.storage.list()).toEqual([]);
    expect(await rowCount(s)).toBe(before);
  });

  it("sweeps bytes no attachment names, and only once they are old enough", async () => {
    const orphan = await s.storage.write(Readable.from([randomBytes(1000)]), MAX_BYTES);
    expect(await sweepAttachments(s.t.app.db, s.storage, 3600_000)).toEqual({
      rows: 0,
      files: 0,
      uploads: 0,
    });
    expect(await s.storage.has(orphan.key)).toBe(true);
    const swept = await sweepAttachments(s.t.app.db, s.storage, 0);
    expect(swept.files).toBe(1);
    expect(await s.storage.has(orphan.key)).toBe(false);
    expect(await s.storage.list()).toEqual([]);
  });

  it("answers ENOENT for a key it does not hold, and is ready", async () => {
    await expect(s.storage.check()).resolves.toBeUndefined();
    const missing = s.storage.read("00000000-0000-4000-8000-000000000000");
    await expect(missing.toArray()).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("an object store that cannot be reached", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp("s3", { ...store.s3, endpoint: "http://127.0.0.1:9" });
  }, 120_000);
  afterAll(async () => s?.t.close());

  it("answers 503 storage_unavailable and creates no attachment", async () => {
    const answer = await upload(s, photoBytes(2000));
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json()).toMatchObject({ code: "storage_unavailable" });
    expect(await rowCount(s)).toBe(0);
    await expect(s.storage.check()).rejects.toThrow();
  });

  it("calls a missing bucket unavailable too", async () => {
    const missingBucket = createS3Storage({ ...store.s3, bucket: "no-such-bucket" }, s.t.app.db);
    await expect(
      missingBucket.write(Readable.from([Buffer.from("x")]), MAX_BYTES),
    ).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe("storage:migrate", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp("dir");
  }, 120_000);
  afterAll(async () => s?.t.close());

  it("copies every file to another kind under the same key, and skips them on a second run", async () => {
    const files = [photoBytes(3000), photoBytes(CHUNK_BYTES + 7)];
    const ids: number[] = [];
    for (const content of files) {
      const created = await upload(s, content);
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json<Attachment>().id);
    }
    const deps = {
      db: s.t.app.db,
      dir: join(dir, "unused"),
      storage: { kind: "s3" as const, s3: store.s3 },
    };
    const s3 = createStorage("s3", deps);
    const postgres = createStorage("postgres", deps);

    expect(await migrateStorage(s.t.app.db, s.storage, s3)).toEqual({
      copied: 2,
      skipped: 0,
      missing: [],
    });
    expect(await migrateStorage(s.t.app.db, s.storage, s3)).toEqual({
      copied: 0,
      skipped: 2,
      missing: [],
    });
    // A copy cut off before (an unfinished file under the key) is made again.
    const keys = (await s.storage.list()).map((file) => file.key);
    await expect(postgres.write(cutOff(randomBytes(10)), MAX_BYTES, keys[0])).rejects.toThrow();
    expect(await migrateStorage(s.t.app.db, s3, postgres)).toMatchObject({ copied: 2, skipped: 0 });
    for (const [index, key] of keys.entries()) {
      const copied = Buffer.concat(await postgres.read(key).toArray());
      const original = Buffer.concat(await s.storage.read(key).toArray());
      expect(copied.equals(original), `file ${index}`).toBe(true);
    }
    expect(ids).toHaveLength(2);
  });
});
