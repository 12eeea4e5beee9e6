import { availableParallelism } from "node:os";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { rng } from "./tests/sync/support/prng";

/**
 * The sync property files first (the four take the longest, ~45 s each on one core), then the
 * rest of the sync project (each file starts a server), then Vitest's own order (projects by
 * name, larger files first): the long files start on both workers together, and the many short
 * ones fill in around them instead of one long file running alone at the end.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // `--sequence.shuffle.files --sequence.seed=N` (or `--sequence.shuffle`, tests too): the files
    // in an order drawn from the seed, to show that no file depends on those before it. A custom
    // sequencer replaces Vitest's random one; Vitest sets a seed only when asked to shuffle.
    const { seed } = this.ctx.config.sequence;
    if (seed !== undefined) return rng(seed).shuffle(files);
    const rank = (file: TestSpecification) => {
      if (file.project.name !== "sync") return 2;
      return /replay-property-\d+\.test\.ts$/.test(file.moduleId) ? 0 : 1;
    };
    // Array.prototype.sort is stable: Vitest's order holds within a rank.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Four projects: `unit` (pure code, node), `client` (jsdom + fake-indexeddb), `api` (the real
 * Fastify app through inject, on PGlite or on DATABASE_URL's PostgreSQL) and `sync` (the
 * offline engine against that app on a real socket, behind a fault-injecting fetch).
 */
export default defineConfig({
  test: {
    // Vitest's default (cores - 1) runs every file one after another on a 2-core CI machine,
    // where most of a file's time is waiting on PGlite or a worker starting, not the CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    // Transformed modules kept on disk: `npm test`'s second API pass (on PostgreSQL) and every
    // later run skip transforming them again. In the worktree, never in the shared node_modules.
    experimental: { fsModuleCache: true, fsModuleCachePath: ".cache/vitest-modules" },
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: [
            "src/shared/**/*.test.ts",
            "src/server/**/*.unit.test.ts",
            "scripts/**/*.test.ts",
            "tests/e2e/**/*.test.ts",
          ],
          // A few unit files do real work (the import check reads the whole repository, the
          // sheet reader parses a workbook 300 times): 5 s ran out on a busy 2-core machine.
          testTimeout: 30_000,
          // Pure code: files share a worker's modules (half the project's CPU isolated).
          isolate: false,
        },
      },
      {
        // The same Lingui macro transform as the app (vite.config.ts).
        plugins: [babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }), lingui()],
        test: {
          name: "client",
          environment: "jsdom",
          setupFiles: ["src/client/test-setup.ts"],
          include: ["src/client/**/*.test.{ts,tsx}"],
          // Files share a worker and its jsdom: an isolated file paid a process, jsdom and the
          // libraries' import graph (React, react-aria, Dexie) anew, ~0.8 s of environment alone
          // for each of 101 files. The setup file still makes each file a page of its own: what
          // it rendered unmounts, its fakes and stubs go back, storage and URL start empty, and
          // the app's modules are imported afresh (vi.resetModules), so no module state crosses
          // files; no app module adds a listener merely by being imported (logout's retry is
          // started by the app).
          isolate: false,
          // Generous limits: on 2 cores these jsdom tests share the CPU with the API suite.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "api",
          environment: "node",
          // Files share a worker's modules (the app's import graph is the slowest part of a file:
          // 500 s of 825 s summed over a run). The API tests keep no module state between files:
          // every file builds its own app (its own database, registry and config).
          isolate: false,
          include: ["src/server/**/*.test.ts", "tests/fuzz/**/*.test.ts"],
          exclude: ["src/server/**/*.unit.test.ts"],
          // CI's PostgreSQL pass shares 2 cores with Playwright: on a slow machine one PGlite
          // start alone outran 30 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Files run side by side on PostgreSQL too: each has its own database, and the change
          // feed's bound ignores transactions of other databases (domain/changes), so another
          // file's open transaction no longer holds a file's feed back.
        },
      },
      {
        // The offline engine against the real API behind a faulty network (tests/sync/README.md).
        plugins: [babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] })],
        test: {
          name: "sync",
          environment: "node",
          setupFiles: ["tests/sync/setup.ts"],
          include: ["tests/sync/**/*.test.ts"],
          // Files share a worker's modules, as the API project's do: a file then pays neither
          // the client and server import graphs nor PGlite's WebAssembly compile again (~5 CPU-s
          // a file; the project at SYNC_RUNS=40 took 64 CPU-s instead of 118). Each file starts
          // its own server and the setup file empties the device (Dexie, localStorage) first.
          isolate: false,
          testTimeout: 120_000,
          // The first files of a run start its servers while the seeded PGlite template is
          // built (once per hour, src/server/test/pglite-template.ts): on a cold, busy machine
          // that has taken over a minute.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
