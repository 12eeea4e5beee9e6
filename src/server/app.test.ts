import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { openDatabase } from "./db/open-database";
import { settings } from "./db/schema/settings";
import { users } from "./db/schema/users";
import { seedDemo } from "./db/seed";
import { createScratchStorage, createTestApp, testConfig } from "./test/harness";

const login = { username: "admin", password: "yardline" };

describe("app lifecycle", () => {
  it("finishes in-flight requests before closing the database", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow: FastifyPluginAsyncZod = async (app) => {
      app.get("/probe/slow", async () => {
        entered();
        await gate;
        const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(users);
        return { users: row?.n };
      });
    };
    const t = await createTestApp({ extendApi: slow });
    const { token } = await t.login("admin");
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;

    const pending = fetch(`${base}/api/probe/slow`, { headers: t.headers(token) });
    await inside;
    const closing = t.close();
    // Let close() get going (stop listening) while the handler is still waiting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const response = await pending;
    expect(response.status).toBe(200);
    // The keep-alive socket is released with the response, so close() need not wait for it.
    expect(response.headers.get("connection")).toBe("close");
    expect((await response.json()).users).toBeGreaterThan(10);
    await closing;
    await expect(fetch(`${base}/config.json`)).rejects.toThrow();
    await expect(t.app.db.select().from(users)).rejects.toThrow();
  });

  it("seeds demo data only once", async () => {
    const t = await createTestApp();
    try {
      expect(await seedDemo(t.app.db, { passwordCost: 10 })).toBe(false);
      const rows = await t.app.db.select({ username: users.username }).from(users);
      expect(rows).toHaveLength(15);
    } finally {
      await t.close();
    }
  });

  it("without JWT_SECRET, generates one, keeps it in the database and honours tokens after a restart", async () => {
    const scratch = await createScratchStorage();
    try {
      const config = testConfig({ ...scratch.storage, jwtSecret: undefined });
      const first = await buildApp({ config, seed: true, serveClient: false });
      const issued = await first.inject({ method: "POST", url: "/get-token", payload: login });
      const { token } = issued.json();
      await first.close();

      const database = await openDatabase(config);
      const stored = await database.db.select().from(settings);
      expect(stored.map((row) => row.key)).toEqual(["jwt_secret"]);
      expect(stored[0]?.value.length).toBeGreaterThanOrEqual(64);

      const second = await buildApp({ config, database, seed: true, serveClient: false });
      const me = await second.inject({
        url: "/api/user/auth",
        headers: { authorization: `Token ${token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.username).toBe("admin");
      await second.close();
    } finally {
      await scratch.remove();
    }
  });
});
