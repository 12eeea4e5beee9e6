#!/usr/bin/env node
// Makes sure Debian's Chromium is at /usr/bin/chromium for Playwright, and Debian's Chromium
// headless shell (package chromium-headless-shell, the same Chromium build without the browser's
// window stack) at /usr/bin/chromium-headless-shell when it can be installed: the journeys run in
// the shell (playwright.config.ts), which costs 45 % less CPU than the full browser in headless
// mode (the whole e2e suite: Chromium's processes 968 -> 541 CPU-s, 11.1 -> 7.5 min on 2 cores).
// Browsers cannot be downloaded here, so this never runs `playwright install`: it installs the
// Debian packages when running as root and otherwise explains how to. The full browser is
// required; the shell is not (without it the journeys run in the full browser, slower).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** apt-get's own limit: a mirror that does not answer must not hold the tests back. */
const APT_TIMEOUT_MS = 240_000;
const log = (message) => console.log(`[ensure-chromium] ${message}`);

function version(binary) {
  const result = spawnSync(binary, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : "version unknown";
}

/** Runs an apt-get command; true when it succeeded. */
function apt(args) {
  log(`$ apt-get ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync("apt-get", args, {
    stdio: "inherit",
    timeout: APT_TIMEOUT_MS,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = !result.error && result.status === 0;
  log(ok ? `done in ${seconds} s` : `apt-get ${args[0]} failed after ${seconds} s`);
  return ok;
}

/** Installs packages, refreshing the package lists first only when a plain install fails. */
function aptInstall(packages) {
  const install = ["install", "-y", ...packages];
  return apt(install) || (apt(["update"]) && apt(install));
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const wanted = [
  ...(existsSync(CHROMIUM) ? [] : ["chromium"]),
  ...(existsSync(HEADLESS_SHELL) ? [] : ["chromium-headless-shell"]),
];

if (wanted.length > 0 && isRoot) {
  log(`installing Debian's ${wanted.join(" and ")} (under a minute)`);
  if (!aptInstall(wanted) && wanted.includes("chromium")) {
    // Without the shell the journeys still run; without the browser they cannot.
    aptInstall(["chromium"]);
  }
}

if (!existsSync(CHROMIUM)) {
  console.error(
    [
      `[ensure-chromium] ${CHROMIUM} is missing${isRoot ? " and could not be installed" : " and this is not root, so it cannot be installed"}.`,
      "The end-to-end tests drive Debian's Chromium (Playwright's own browser download does not",
      "work here). Install it once, then run the tests again:",
      "",
      "    sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell",
      "",
    ].join("\n"),
  );
  process.exit(1);
}
log(`found ${CHROMIUM} (${version(CHROMIUM)})`);
if (existsSync(HEADLESS_SHELL)) {
  log(`found ${HEADLESS_SHELL} (${version(HEADLESS_SHELL)}): the journeys run in it`);
} else {
  log(
    `${HEADLESS_SHELL} is missing: the journeys run in the full browser, about 1.5x slower ` +
      "(apt-get install -y chromium-headless-shell)",
  );
}
