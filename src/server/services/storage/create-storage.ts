import type { StorageConfig, StorageKind } from "../../config";
import type { Db } from "../../db/database";
import { createDirectoryStorage } from "./directory-storage";
import type { FileStorage } from "./file-storage";
import { createPostgresStorage } from "./postgres-storage";
import { createS3Storage } from "./s3-storage";

/** The storage of one kind: the app's (config.storage.kind) or either side of storage:migrate. */
export function createStorage(
  kind: StorageKind,
  deps: { db: Db; dir: string; storage: StorageConfig },
): FileStorage {
  if (kind === "postgres") return createPostgresStorage(deps.db);
  if (kind === "s3") {
    if (!deps.storage.s3) throw new Error("S3_BUCKET is required for the s3 storage");
    return createS3Storage(deps.storage.s3, deps.db);
  }
  return createDirectoryStorage(deps.dir);
}
