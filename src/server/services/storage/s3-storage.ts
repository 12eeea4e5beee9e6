import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Config } from "../../config";
import {
  checkedKey,
  type FileStorage,
  isStorageKey,
  meter,
  notFoundError,
  writeFailure,
} from "./file-storage";

/** Each part of a multipart upload (the least S3 takes), and parts sent at once per upload. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

const missing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === "NoSuchKey" || name === "NotFound" || status === 404;
};

/**
 * Objects in an S3-compatible store (AWS S3, MinIO, Ceph, R2...), under `prefix` + key. An
 * upload streams through lib-storage's Upload: a small file is one PUT once it has ended, a
 * large one a multipart upload of PART_BYTES parts (at most PARTS_AT_ONCE + 1 of them in memory),
 * aborted when the upload fails. Multipart uploads left by a crash are listed for the sweep
 * where the store lists them; give the bucket a lifecycle rule that aborts incomplete
 * multipart uploads as well (README, Storage).
 */
export function createS3Storage(config: S3Config): FileStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey ?? "",
          },
        }
      : {}),
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => `${config.prefix}${checkedKey(key)}`;
  /** Unfinished multipart uploads found by the last list(), by key: remove() aborts them. */
  const unfinished = new Map<string, string[]>();

  async function listUnfinished(): Promise<{ key: string; modified: Date }[]> {
    unfinished.clear();
    const found: { key: string; modified: Date }[] = [];
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client
        .send(
          new ListMultipartUploadsCommand({
            Bucket,
            Prefix: config.prefix,
            KeyMarker,
            UploadIdMarker,
          }),
        )
        .catch((error: unknown) => {
          // Some stores (s3rver) do not list them: their lifecycle rule is the sweep.
          if ((error as { name?: string }).name === "NotImplemented") return undefined;
          throw error;
        });
      if (!page) return found;
      for (const upload of page.Uploads ?? []) {
        const key = upload.Key?.slice(config.prefix.length) ?? "";
        if (!isStorageKey(key) || !upload.UploadId) continue;
        unfinished.set(key, [...(unfinished.get(key) ?? []), upload.UploadId]);
        found.push({ key, modified: upload.Initiated ?? new Date() });
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
    return found;
  }

  return {
    kind: "s3",
    async write(source, maxBytes, given) {
      const key = given ?? crypto.randomUUID();
      const metered = meter(source, maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: Readable.from(metered.chunks) },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        throw writeFailure(metered, error);
      }
      return { key, size: metered.size(), head: metered.head() };
    },
    read(key) {
      const Key = objectKey(key);
      async function* chunks() {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key })).catch((error) => {
          throw missing(error) ? notFoundError(key) : error;
        });
        if (answer.Body) yield* answer.Body as Readable;
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    has: (key) =>
      client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) })).then(
        () => true,
        (error: unknown) => {
          if (missing(error)) return false;
          throw error;
        },
      ),
    async remove(key) {
      const Key = objectKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
      for (const UploadId of unfinished.get(key) ?? []) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
      }
      unfinished.delete(key);
    },
    async list() {
      const found: { key: string; modified: Date }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(config.prefix.length) ?? "";
          if (isStorageKey(key)) found.push({ key, modified: object.LastModified ?? new Date() });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return [...found, ...(await listUnfinished())];
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
