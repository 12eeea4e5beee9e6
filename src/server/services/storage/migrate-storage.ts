import { asc, gt } from "drizzle-orm";
import type { Db } from "../../db/database";
import { attachments } from "../../db/schema/attachments";
import type { FileStorage } from "./file-storage";

export interface MigrationReport {
  copied: number;
  /** Already in the target (an earlier run): not copied again. */
  skipped: number;
  /** Named by a row but absent from the source: listed by key, the run goes on. */
  missing: string[];
}

const PAGE = 200;

/**
 * Copies every attachment's bytes from one storage to another under the same key, so no row
 * changes (`npm run storage:migrate`). Idempotent and resumable: a key the target already holds
 * whole is skipped, and a copy cut off is started again. The source keeps its files (remove
 * them once the server runs on the target).
 */
export async function migrateStorage(
  db: Db,
  from: FileStorage,
  to: FileStorage,
  onProgress: (report: MigrationReport) => void = () => undefined,
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0, missing: [] };
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: attachments.id, key: attachments.storageKey })
      .from(attachments)
      .where(gt(attachments.id, after))
      .orderBy(asc(attachments.id))
      .limit(PAGE);
    for (const row of rows) {
      if (await to.has(row.key)) {
        report.skipped++;
      } else if (!(await from.has(row.key))) {
        report.missing.push(row.key);
      } else {
        await to.write(from.read(row.key), Number.MAX_SAFE_INTEGER, row.key);
        report.copied++;
      }
    }
    onProgress(report);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return report;
    after = last.id;
  }
}
