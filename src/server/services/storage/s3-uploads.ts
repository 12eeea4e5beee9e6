import {
  AbortMultipartUploadCommand,
  ChecksumAlgorithm,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/database";
import { storageUploads } from "../../db/schema/storage-uploads";
import { isStorageKey } from "./file-storage";

/** Each part of a multipart upload (the least S3 takes), and parts sent at once per upload. */
export const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** One bucket of one store, and the database where its unfinished uploads are recorded. */
export interface S3Target {
  client: S3Client;
  db: Db;
  bucket: string;
}

const named = (error: unknown, name: string) => (error as { name?: string }).name === name;

/**
 * Streams `chunks` into the object `key`: a file smaller than one part is one PUT once it has
 * ended; a larger one a multipart upload of PART_BYTES parts, at most PARTS_AT_ONCE sent at
 * once and one more filling (never the whole file in memory). Its upload id is recorded
 * (storage_uploads) before any part goes up, so an upload a crash leaves behind is known to the
 * sweep (abortUnfinished) even where the store cannot list them; a failed upload is aborted.
 */
export async function uploadObject(
  target: S3Target,
  key: string,
  chunks: AsyncIterable<Buffer>,
): Promise<void> {
  const { client, bucket: Bucket } = target;
  const source = chunks[Symbol.asyncIterator]();
  const first = await fill(source);
  if (first.done) {
    await client.send(new PutObjectCommand({ Bucket, Key: key, Body: first.part }));
    return;
  }
  const upload = await startUpload(target, key);
  const parts: CompletedPart[] = [];
  const sending = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const send = (Body: Buffer, PartNumber: number) => {
    const sent = client
      .send(new UploadPartCommand({ Bucket, Key: key, UploadId: upload, PartNumber, Body }))
      .then((answer) => {
        const { ETag, ChecksumCRC32 } = answer;
        parts.push({ PartNumber, ETag, ...(ChecksumCRC32 ? { ChecksumCRC32 } : {}) });
      })
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };
  try {
    let next = first;
    for (let number = 1; ; number++) {
      if (next.part.length > 0) send(next.part, number);
      if (next.done) break;
      if (sending.size >= PARTS_AT_ONCE) await Promise.race(sending);
      if (failure) throw failure.error;
      next = await fill(source);
    }
    await Promise.all(sending);
    if (failure) throw failure.error;
    parts.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: key,
        UploadId: upload,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    // Parts still going up would outlive the abort: let them end first.
    await Promise.all(sending);
    await abortUpload(target, key, upload).catch(() => undefined);
    throw error;
  }
  // Completed: a record left by a failed delete is only an abort the store refuses later.
  await forgetUpload(target, key, upload).catch(() => undefined);
}

/** The next part: chunks gathered up to PART_BYTES (or fewer, with done, at the end). */
async function fill(source: AsyncIterator<Buffer>): Promise<{ part: Buffer; done: boolean }> {
  const gathered: Buffer[] = [];
  let size = 0;
  while (size < PART_BYTES) {
    const next = await source.next();
    if (next.done) return { part: Buffer.concat(gathered), done: true };
    gathered.push(next.value);
    size += next.value.length;
  }
  return { part: Buffer.concat(gathered), done: false };
}

async function startUpload(target: S3Target, key: string): Promise<string> {
  const { UploadId } = await target.client.send(
    new CreateMultipartUploadCommand({
      Bucket: target.bucket,
      Key: key,
      ChecksumAlgorithm: ChecksumAlgorithm.CRC32,
    }),
  );
  if (!UploadId) throw new Error("the object store gave no upload id");
  try {
    await target.db
      .insert(storageUploads)
      .values({ bucket: target.bucket, objectKey: key, uploadId: UploadId });
  } catch (error) {
    await abortUpload(target, key, UploadId).catch(() => undefined);
    throw error;
  }
  return UploadId;
}

/** Aborts the upload and forgets its record; one the store no longer knows is forgotten too. */
async function abortUpload(target: S3Target, key: string, UploadId: string): Promise<void> {
  await target.client
    .send(new AbortMultipartUploadCommand({ Bucket: target.bucket, Key: key, UploadId }))
    .catch((error: unknown) => {
      if (!named(error, "NoSuchUpload")) throw error;
    });
  await forgetUpload(target, key, UploadId);
}

async function forgetUpload(target: S3Target, key: string, uploadId: string): Promise<void> {
  await target.db
    .delete(storageUploads)
    .where(
      and(
        eq(storageUploads.bucket, target.bucket),
        eq(storageUploads.objectKey, key),
        eq(storageUploads.uploadId, uploadId),
      ),
    );
}

/**
 * Aborts the multipart uploads started at least `minAgeMs` ago and never finished (a process
 * killed mid-upload), whichever instance started them: first the recorded ones (ages on the
 * database's clock, so instances agree), then those the store lists under `prefix` (uploads
 * from before the records; stores such as s3rver and fauxqs list none). Returns how many.
 */
export async function abortUnfinished(
  target: S3Target,
  prefix: string,
  minAgeMs: number,
): Promise<number> {
  const old = await target.db
    .select({ key: storageUploads.objectKey, uploadId: storageUploads.uploadId })
    .from(storageUploads)
    .where(
      and(
        eq(storageUploads.bucket, target.bucket),
        lte(
          storageUploads.startedAt,
          sql`now() - make_interval(secs => ${minAgeMs / 1000}::float8)`,
        ),
      ),
    );
  let aborted = await abortEach(target, old);
  // Listed after the recorded ones are gone, so none of those is aborted (or counted) twice.
  const cutoff = Date.now() - minAgeMs;
  const listed = await listedUploads(target, prefix);
  aborted += await abortEach(
    target,
    listed.filter((upload) => upload.initiated.getTime() <= cutoff),
  );
  return aborted;
}

/** Aborts each upload; one that fails stays recorded for the next sweep. Resolves with how many went. */
async function abortEach(
  target: S3Target,
  uploads: { key: string; uploadId: string }[],
): Promise<number> {
  let aborted = 0;
  for (const upload of uploads) {
    const done = await abortUpload(target, upload.key, upload.uploadId).then(
      () => true,
      () => false,
    );
    if (done) aborted++;
  }
  return aborted;
}

/** The store's own list of unfinished uploads, or none where it cannot or may not list them. */
async function listedUploads(target: S3Target, prefix: string) {
  const found: { key: string; uploadId: string; initiated: Date }[] = [];
  let KeyMarker: string | undefined;
  let UploadIdMarker: string | undefined;
  do {
    const page = await target.client
      .send(
        new ListMultipartUploadsCommand({
          Bucket: target.bucket,
          Prefix: prefix,
          KeyMarker,
          UploadIdMarker,
        }),
      )
      // Stores that cannot list them (NotImplemented), or a key without the right to
      // (AccessDenied): the recorded uploads are the sweep, the rest is the lifecycle rule's.
      .catch(() => undefined);
    if (!page) return found;
    for (const upload of page.Uploads ?? []) {
      // Only uploads of keys a storage made: the prefix may hold other writers' uploads.
      if (!upload.Key || !upload.UploadId || !isStorageKey(upload.Key.slice(prefix.length))) {
        continue;
      }
      found.push({
        key: upload.Key,
        uploadId: upload.UploadId,
        initiated: upload.Initiated ?? new Date(),
      });
    }
    KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (KeyMarker);
  return found;
}
