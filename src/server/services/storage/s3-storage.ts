import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../../config";
import type { Db } from "../../db/database";
import {
  checkedKey,
  type FileStorage,
  isStorageKey,
  meter,
  notFoundError,
  writeFailure,
} from "./file-storage";
import { abortUnfinished, type S3Target, uploadObject } from "./s3-uploads";

const missing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === "NoSuchKey" || name === "NotFound" || status === 404;
};

/**
 * Objects in an S3-compatible store (AWS S3, MinIO, Ceph, R2...), under `prefix` + key. An
 * upload streams through s3-uploads.ts: one PUT for a small file, else a multipart upload whose
 * id `db` records before any part goes up, so the sweep (sweepUnfinished) aborts the uploads a
 * crash leaves even where the store cannot list them. Give the bucket a lifecycle rule that
 * aborts incomplete multipart uploads as well (README, Storage).
 */
export function createS3Storage(config: S3Config, db: Db): FileStorage {
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
  const target: S3Target = { client, db, bucket: Bucket };
  const objectKey = (key: string) => `${config.prefix}${checkedKey(key)}`;

  return {
    kind: "s3",
    async write(source, maxBytes, given) {
      const key = given ?? crypto.randomUUID();
      const metered = meter(source, maxBytes);
      try {
        await uploadObject(target, objectKey(key), metered.chunks);
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
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
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
      return found;
    },
    sweepUnfinished: (minAgeMs) => abortUnfinished(target, config.prefix, minAgeMs),
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
