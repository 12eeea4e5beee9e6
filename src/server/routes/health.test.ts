import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testConfig } from "../test/harness";

/** GET /healthz (alive) and GET /readyz (database, migrations, storage), with no data. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function readyz(app: TestApp["app"]) {
  const response = await app.inject({ url: "/readyz" });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Makes the app's database unreachable: PostgreSQL drops it, PGlite closes. */
async function loseDatabase(test: TestApp): Promise<void> {
  const url = test.config.databaseUrl;
  if (url) {
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  } else {
    await (test.app.db as unknown as { $client: { close(): Promise<void> } }).$client.close();
  }
}

describe("health and readiness", () => {
  it("answers ok on a working server, with nothing else in the body", async () => {
    t = await createTestApp();
    const health = await t.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    expect(await readyz(t.app)).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("is not ready when the database is unreachable, and still alive", async () => {
    t = await createTestApp();
    await loseDatabase(t);
    const { status, body } = await readyz(t.app);
    expect(status).toBe(503);
    expect(body.code).toBe("service_unavailable");
    expect(body.message).toContain("database unreachable");
    expect(body.message).not.toContain("storage");
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });

  it("is not ready while a shipped migration is missing", async () => {
    t = await createTestApp();
    await t.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const { status, body } = await readyz(t.app);
    expect(status).toBe(503);
    expect(body.message).toBe("Not ready: migrations not applied");
  });

  it("is not ready when the attachment storage cannot be written", async () => {
    const notADirectory = join(tmpdir(), `yardline-readyz-${process.pid}-${Date.now()}`);
    writeFileSync(notADirectory, "a file where the directory should be");
    const base = testConfig().attachments;
    try {
      t = await createTestApp({ config: { attachments: { ...base, dir: notADirectory } } });
      const { status, body } = await readyz(t.app);
      expect(status).toBe(503);
      expect(body.message).toBe("Not ready: storage not writable");
    } finally {
      rmSync(notADirectory, { force: true });
    }
  });
});
