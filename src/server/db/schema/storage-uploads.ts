import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at } from "./columns";

/**
 * Multipart uploads to the S3 storage (services/storage/s3-uploads.ts) not yet completed or
 * aborted: recorded right after CreateMultipartUpload, before any part goes up, and forgotten
 * once the upload is completed or aborted. A process killed mid-upload leaves its row, and the
 * sweep aborts the upload once `started_at` is older than its threshold, on any instance
 * (many stores cannot list their unfinished uploads, and the parts would be billed forever).
 */
export const storageUploads = pgTable(
  "storage_uploads",
  {
    bucket: text("bucket").notNull(),
    /** The object's full key in the bucket (S3_PREFIX included). */
    objectKey: text("object_key").notNull(),
    uploadId: text("upload_id").notNull(),
    startedAt: at("started_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.objectKey, table.uploadId] }),
    index("storage_uploads_started_at_idx").on(table.startedAt),
  ],
);
