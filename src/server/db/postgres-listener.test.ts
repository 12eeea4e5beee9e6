import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnPostgres } from "./postgres-listener";

/** The dedicated LISTEN connection on a PostgreSQL server (PGlite has no connection to lose). */
const url = process.env.DATABASE_URL;

const until = async (test: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!url)("listenOnPostgres", () => {
  const channel = `test_${randomBytes(6).toString("hex")}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
  });

  const notify = (payload: string) => admin.query("select pg_notify($1, $2)", [channel, payload]);

  it("delivers payloads, comes back after its connection is killed (telling the gap), and stops", async () => {
    const payloads: string[] = [];
    let gaps = 0;
    const stop = await listenOnPostgres(url ?? "", channel, {
      onPayload: (payload) => payloads.push(payload),
      onGap: () => {
        gaps += 1;
      },
    });
    try {
      await notify("one");
      await until(() => payloads.includes("one"));

      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and pid <> pg_backend_pid()",
        [`LISTEN "${channel}"`],
      );
      await until(() => gaps === 1);
      await notify("two");
      await until(() => payloads.includes("two"));
    } finally {
      await stop();
    }
    await notify("three");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(payloads).not.toContain("three");
  });
});
