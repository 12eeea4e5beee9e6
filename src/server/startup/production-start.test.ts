import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import type { ServerConfig } from "../config";
import { openDatabase } from "../db/open-database";
import {
  createScratchStorage,
  createTestApp,
  type ScratchStorage,
  storageEnv,
  type TestApp,
  testConfig,
} from "../test/harness";
import { runScript } from "../test/run-script";
import { AdminExistsError, createAdmin } from "./first-admin";
import { prepareProduction, StartupRefusal } from "./production-checks";

const STRONG_SECRET = randomBytes(48).toString("base64");
const ADMIN_PASSWORD = "Dock-7-opens-at-six";

function productionConfig(
  storage: ScratchStorage | undefined,
  admin: Partial<ServerConfig["admin"]> = {},
) {
  const base = testConfig({ ...storage?.storage, mode: "production", jwtSecret: STRONG_SECRET });
  return { ...base, admin: { ...base.admin, ...admin } };
}

async function refusalOf(run: () => Promise<unknown>): Promise<string> {
  const error = await run().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StartupRefusal);
  return (error as StartupRefusal).message;
}

describe("production start refusals (the real server process)", () => {
  const start = (env: Record<string, string>) =>
    runScript("src/server/main.ts", { DATA_DIR: "memory://", STATIC_DIR: "/nonexistent", ...env }, [
      "--production",
    ]);

  it("stops naming the variable: unset or weak JWT_SECRET, demo admin password", async () => {
    const [unset, weak, demoPassword] = await Promise.all([
      start({}),
      start({ JWT_SECRET: "changeme-changeme-changeme-changeme-changeme" }),
      start({ JWT_SECRET: STRONG_SECRET, YARDLINE_ADMIN_PASSWORD: "yardline" }),
    ]);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain("JWT_SECRET is not set");
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/JWT_SECRET is weak \(it contains the word "change"/);
    expect(demoPassword.code).toBe(1);
    expect(demoPassword.stderr).toContain(
      "YARDLINE_ADMIN_PASSWORD cannot be used: it is the demo password",
    );
    expect(demoPassword.stderr).not.toContain("JWT_SECRET");
  }, 120_000);
});

describe("production start on a demo database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses: demo logins and demo check-in pages", async () => {
    const message = await refusalOf(() =>
      prepareProduction(t.app.db, { ...productionConfig(undefined), passwordHashCost: 10 }),
    );
    expect(message).toMatch(/admin, office, .* sign in with the demo password/);
    expect(message).toContain("demo-yardline-gate");
  });
});

describe("a production install", () => {
  let scratch: ScratchStorage;
  let app: App | undefined;
  beforeAll(async () => {
    scratch = await createScratchStorage();
  });
  afterAll(async () => {
    await app?.close();
    await scratch.remove();
  });

  it("creates the first admin from the environment and nothing of the demo", async () => {
    const database = await openDatabase(scratch.storage);
    await database.migrate();
    const message = await refusalOf(() =>
      prepareProduction(database.db, productionConfig(scratch)),
    );
    expect(message).toContain("no user can sign in: set YARDLINE_ADMIN_PASSWORD");

    const config = productionConfig(scratch, { password: ADMIN_PASSWORD, company: "Acme Yard" });
    expect(await prepareProduction(database.db, config)).toBe(true);
    // A restart (or a second instance) finds the admin and creates nothing.
    expect(await prepareProduction(database.db, config)).toBe(false);
    app = await buildApp({ config, database, seed: false, serveClient: false });

    const demoPage = await app.inject({ url: "/api/public/check-in/demo-yardline-gate" });
    expect(demoPage.statusCode).toBe(404);
    const demoLogin = await app.inject({
      method: "POST",
      url: "/get-token",
      payload: { username: "office", password: "yardline" },
    });
    expect(demoLogin.statusCode).toBe(401);
    const login = await app.inject({
      method: "POST",
      url: "/get-token",
      payload: { username: "admin", password: ADMIN_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const companies = await app.inject({
      url: "/api/company",
      headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
    });
    expect(companies.json<{ results: { name: string }[] }>().results.map((c) => c.name)).toEqual([
      "Acme Yard",
    ]);
  }, 120_000);
});

describe("npm run create-admin without a terminal", () => {
  let scratch: ScratchStorage;
  beforeAll(async () => {
    scratch = await createScratchStorage();
  });
  afterAll(() => scratch.remove());

  it("creates the admin from YARDLINE_ADMIN_PASSWORD, refuses the demo password and a taken name", async () => {
    const env = {
      ...storageEnv(scratch),
      PASSWORD_HASH_COST: "10",
      YARDLINE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    };
    const args = ["--username", "ops", "--company", "Acme Yard"];
    const [first, weak] = await Promise.all([
      runScript("scripts/create-admin.ts", env, args),
      runScript("scripts/create-admin.ts", { ...env, YARDLINE_ADMIN_PASSWORD: "yardline" }, [
        "--username",
        "other",
      ]),
    ]);
    expect(first.stderr).toBe("");
    expect(first.stdout).toContain("Admin ops created in company Acme Yard.");
    expect(first.code).toBe(0);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain(
      "YARDLINE_ADMIN_PASSWORD cannot be used: it is the demo password",
    );

    const database = await openDatabase(scratch.storage);
    const taken = { username: "ops", password: ADMIN_PASSWORD, email: "", company: "Other" };
    await expect(createAdmin(database.db, taken, 10)).rejects.toThrow(
      new AdminExistsError("a user named ops already exists"),
    );
    const app = await buildApp({
      config: productionConfig(scratch),
      database,
      seed: false,
      serveClient: false,
    });
    try {
      const login = await app.inject({
        method: "POST",
        url: "/get-token",
        payload: { username: "ops", password: ADMIN_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);
});
