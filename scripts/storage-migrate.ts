/**
 * `npm run storage:migrate -- --from dir --to s3`: copies every attachment's bytes from one
 * storage kind (dir, postgres, s3) to another, with the server's environment (DATABASE_URL or
 * DATA_DIR, ATTACHMENTS_DIR, S3_*). Idempotent and resumable: run it again after a failure, or
 * once more after switching ATTACHMENTS_STORAGE to catch files uploaded meanwhile. Stop a PGlite
 * server first (one process at a time opens its directory); with PostgreSQL it may run live.
 */
import { parseArgs } from "node:util";
import { loadConfig, STORAGE_KINDS, type StorageKind } from "../src/server/config";
import { openDatabase } from "../src/server/db/open-database";
import { attachmentsDir } from "../src/server/plugins/storage";
import { createStorage } from "../src/server/services/storage/create-storage";
import { migrateStorage } from "../src/server/services/storage/migrate-storage";

const { values } = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } } });
const kindOf = (value: string | undefined): StorageKind => {
  const kind = STORAGE_KINDS.find((known) => known === value);
  if (!kind || value === undefined) {
    console.error(
      `Usage: npm run storage:migrate -- --from <${STORAGE_KINDS.join("|")}> --to <${STORAGE_KINDS.join("|")}>`,
    );
    process.exit(2);
  }
  return kind;
};
const from = kindOf(values.from);
const to = kindOf(values.to);
if (from === to) {
  console.error("--from and --to name the same storage: nothing to do");
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const deps = { db: database.db, dir: attachmentsDir(config), storage: config.storage };
  const report = await migrateStorage(
    database.db,
    createStorage(from, deps),
    createStorage(to, deps),
    (progress) => console.log(`copied ${progress.copied}, already there ${progress.skipped}`),
  );
  console.log(
    `Done: ${report.copied} copied, ${report.skipped} already in ${to}, ${report.missing.length} missing from ${from}.`,
  );
  for (const key of report.missing) console.log(`missing from ${from}: ${key}`);
  if (to === config.storage.kind) console.log(`The server already uses ${to}.`);
  else console.log(`Now set ATTACHMENTS_STORAGE=${to} and restart the server.`);
} finally {
  await database.close();
}
