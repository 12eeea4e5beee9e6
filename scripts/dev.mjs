#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, restarts on change, PORT default 8080) and the Vite dev
// server with hot reload side by side; Vite proxies API calls to the API (vite.config.ts).
// Ctrl+C stops both.
import { spawn } from "node:child_process";
import { bin, paint, ROOT } from "./lib/steps.mjs";

const children = [];

function start(name, color, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = paint(color, `[${name}]`);
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream.on("data", (chunk) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) console.log(`${prefix} ${line}`);
    });
  }
  child.on("exit", (code, signal) => {
    console.log(`${prefix} exited (${signal ?? code})`);
    stopAll(code ?? 0);
  });
  children.push(child);
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

start("api", 36, bin("tsx"), ["watch", "src/server/main.ts"], {
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
});
start("web", 35, bin("vite"), []);
