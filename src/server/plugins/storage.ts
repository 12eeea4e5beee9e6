import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "../config";
import { sweepAttachments } from "../domain/documents/attachment-service";
import { createStorage } from "../services/storage/create-storage";
import type { FileStorage } from "../services/storage/file-storage";

declare module "fastify" {
  interface FastifyInstance {
    /** Attachment bytes (config.storage: dir, postgres or s3); metadata stays in the database. */
    fileStorage: FileStorage;
  }
}

/** ATTACHMENTS_DIR, else DATA_DIR/attachments; an in-memory database gets a temporary one. */
export function attachmentsDir(config: ServerConfig): string {
  if (config.attachments.dir) return config.attachments.dir;
  if (config.dataDir.startsWith("memory://")) {
    // Created on the first upload only, so test apps that store nothing leave nothing.
    return join(tmpdir(), `yardline-attachments-${randomUUID()}`);
  }
  return join(config.dataDir, "attachments");
}

/** How often, and after how long, files no attachment names are removed. */
const SWEEP_EVERY_MS = 3600_000;
const ORPHAN_AGE_MS = 3600_000;

export function registerStorage(scope: FastifyInstance): void {
  const config = scope.serverConfig;
  const storage = createStorage(config.storage.kind, {
    db: scope.db,
    dir: attachmentsDir(config),
    storage: config.storage,
  });
  scope.decorate("fileStorage", storage);
  // Attachments of deleted lines, files no row names (an upload cut off, a removal that
  // failed, a line deleted by another path) and S3 uploads a crash left unfinished are swept
  // at start and every hour.
  const sweep = () =>
    sweepAttachments(scope.db, storage, ORPHAN_AGE_MS)
      .then((swept) => {
        if (swept.rows + swept.files + swept.uploads > 0) {
          scope.log.info(swept, "attachment storage swept");
        }
      })
      .catch((error: unknown) => scope.log.warn({ err: error }, "attachment sweep failed"));
  const timers: NodeJS.Timeout[] = [];
  scope.addHook("onReady", async () => {
    timers.push(setTimeout(sweep, 30_000).unref(), setInterval(sweep, SWEEP_EVERY_MS).unref());
  });
  scope.addHook("onClose", async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
