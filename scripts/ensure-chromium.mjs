#!/usr/bin/env node
// Makes sure Debian's Chromium is at /usr/bin/chromium for Playwright. Browsers cannot be
// downloaded here, so this never runs `playwright install`: it installs the Debian package
// when running as root and otherwise explains how to.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const log = (message) => console.log(`[ensure-chromium] ${message}`);

function version() {
  const result = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : "version unknown";
}

function run(command, args) {
  log(`$ ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status} after ${seconds} s`);
  }
  log(`done in ${seconds} s`);
}

if (existsSync(CHROMIUM)) {
  log(`found ${CHROMIUM} (${version()})`);
  process.exit(0);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot) {
  console.error(
    [
      `[ensure-chromium] ${CHROMIUM} is missing and this is not root, so it cannot be installed.`,
      "The end-to-end tests drive Debian's Chromium (Playwright's own browser download does not",
      "work here). Install it once, then run the tests again:",
      "",
      "    sudo apt-get update && sudo apt-get install -y chromium",
      "",
    ].join("\n"),
  );
  process.exit(1);
}

try {
  log(`${CHROMIUM} is missing: installing Debian's chromium package (about 40 s)`);
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "chromium"]);
} catch (error) {
  console.error(`[ensure-chromium] installing chromium failed: ${error.message}`);
  process.exit(1);
}

if (!existsSync(CHROMIUM)) {
  console.error(`[ensure-chromium] chromium installed but ${CHROMIUM} is still missing`);
  process.exit(1);
}
log(`installed ${CHROMIUM} (${version()})`);
