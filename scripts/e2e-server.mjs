#!/usr/bin/env node
// Playwright's webServer: the built app on the real server, on a fresh data directory that is
// removed again when the server stops. Environment set here can be overridden by the caller.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const staticDir = process.env.STATIC_DIR ?? "dist";
if (!existsSync(resolve(root, staticDir, "index.html"))) {
  console.error(`[e2e-server] ${staticDir}/index.html is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "yardline-e2e-"));
const env = {
  // Generous login limits (src/server/config.ts): the suite logs in many times from one address.
  LOGIN_MAX_FAILURES_PER_USER: "1000",
  LOGIN_MAX_FAILURES_PER_IP: "100000",
  // The demo password is public: a full-cost scrypt per sign-in (about a second of CPU) would
  // only slow the suite, which signs in on every test.
  PASSWORD_HASH_COST: "12",
  LOG_LEVEL: "warn",
  JWT_SECRET: "yardline-e2e-secret-not-for-production-0123456789",
  ...process.env,
  PORT: process.env.E2E_PORT ?? process.env.PORT ?? "8181",
  DATA_DIR: dataDir,
};
delete env.DATABASE_URL; // always the embedded PGlite in the fresh directory

console.log(`[e2e-server] port ${env.PORT}, data ${dataDir}`);
const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  cwd: root,
  env,
  stdio: "inherit",
});

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    // Playwright signals the whole process group; make sure the server gets it too.
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on("exit", (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
