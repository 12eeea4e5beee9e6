import { defineConfig } from "vitest/config";

/**
 * Three projects: `unit` (pure code, node), `client` (jsdom + fake-indexeddb) and `api`
 * (the real Fastify app through inject, on PGlite or on DATABASE_URL's PostgreSQL).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["src/shared/**/*.test.ts", "src/server/**/*.unit.test.ts"],
        },
      },
      {
        test: {
          name: "api",
          environment: "node",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/server/**/*.unit.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
