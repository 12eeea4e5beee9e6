import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { expect } from "vitest";
import type { LoginResponse } from "../../shared/contract/auth";
import { type App, type AppOptions, buildApp } from "../app";
import { loadConfig, type ServerConfig } from "../config";
import { DEMO_PASSWORD } from "../db/demo-data";
import { companies } from "../db/schema/companies";
import { prefillDataDir } from "./pglite-blank-cluster";
import { openSeededPglite } from "./pglite-template";
import { cloneDatabase, seededPostgresTemplate, withAdminClient } from "./postgres-template";

/**
 * A fresh seeded app per test file: in-memory PGlite, or, when DATABASE_URL is set, a new
 * database on that PostgreSQL server (created here, dropped on close) so runs never collide.
 */
export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";

export interface TestApp {
  app: App;
  config: ServerConfig;
  login(username: string, password?: string): Promise<LoginResponse>;
  /** Authorization (and optional company) headers for a token. */
  headers(token: string, companyId?: number): Record<string, string>;
  companyId(name: string): Promise<number>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<ServerConfig>;
  extendApi?: FastifyPluginAsyncZod;
  serveClient?: boolean;
  /** The app's logger (tests that read what it writes); none by default. */
  logger?: AppOptions["logger"];
}

/** A new database on baseUrl's server: empty, or a copy of `template`. */
async function createScratchDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `yardline_t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(baseUrl, async (client) => {
    if (template) await cloneDatabase(client, name, template);
    else await client.query(`create database "${name}"`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(baseUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ).then(() => undefined),
  };
}

/** Settings every test app starts from: fast hashing, a fixed secret, no database yet. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ LOG_LEVEL: "silent" }),
    dataDir: "memory://",
    databaseUrl: undefined,
    jwtSecret: TEST_JWT_SECRET,
    passwordHashCost: 10,
    // Tests that deliver webhooks turn the worker on (routes/api/webhooks tests).
    webhooks: { ...loadConfig({}).webhooks, worker: false },
    ...overrides,
  };
}

export interface ScratchStorage {
  /** Database settings for ServerConfig: a new PostgreSQL database, or a PGlite directory. */
  storage: Pick<ServerConfig, "databaseUrl" | "dataDir">;
  remove(): Promise<void>;
}

/**
 * Durable storage that outlives one app (for restart tests), as a new install finds it: an
 * empty database, or a PGlite directory holding an empty cluster (pglite-blank-cluster.ts:
 * initdb's files, without its CPU). remove() deletes it.
 */
export async function createScratchStorage(): Promise<ScratchStorage> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const scratch = await createScratchDatabase(baseUrl);
    return { storage: { databaseUrl: scratch.url, dataDir: "memory://" }, remove: scratch.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), "yardline-test-db-"));
  await prefillDataDir(dir);
  return {
    storage: { databaseUrl: undefined, dataDir: dir },
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The environment that points a process of its own (main.ts, a script) at this storage. */
export function storageEnv({ storage }: ScratchStorage): Record<string, string> {
  return storage.databaseUrl
    ? { DATABASE_URL: storage.databaseUrl }
    : { DATA_DIR: storage.dataDir };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  const passwordCost = options.config?.passwordHashCost ?? testConfig().passwordHashCost;
  // Migrated and seeded once per source and hour, copied per file (postgres-template.ts).
  const scratch = baseUrl
    ? await createScratchDatabase(baseUrl, await seededPostgresTemplate(baseUrl, passwordCost))
    : undefined;
  const config = testConfig({ databaseUrl: scratch?.url, ...options.config });
  let app: App;
  try {
    const database = scratch ? undefined : await openSeededPglite(config.passwordHashCost);
    app = await buildApp({
      config,
      seed: true,
      ...(database ? { database } : {}),
      serveClient: options.serveClient ?? false,
      ...(options.extendApi ? { extendApi: options.extendApi } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
  } catch (error) {
    await scratch?.drop();
    throw error;
  }

  const headers = (token: string, companyId?: number): Record<string, string> =>
    companyId === undefined
      ? { authorization: `Bearer ${token}` }
      : { authorization: `Bearer ${token}`, company: String(companyId) };

  return {
    app,
    config,
    headers,
    async login(username, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: "POST",
        url: "/get-token",
        payload: { username, password },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<LoginResponse>();
    },
    async companyId(name) {
      const [row] = await app.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.name, name));
      if (!row) throw new Error(`No company named ${name}`);
      return row.id;
    },
    async close() {
      try {
        await app.close();
      } finally {
        await scratch?.drop();
      }
    },
  };
}
