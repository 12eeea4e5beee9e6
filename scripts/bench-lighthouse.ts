/**
 * Lighthouse (mobile, its default simulated slow 4G and 4x CPU slowdown) on /login, the public
 * landing (/) and contact page, the carrier's self check-in page (/check-in/{token}, a fresh
 * page of the demo company) and dock booking page (/carrier-booking/{token}, issue 29) of the built app served by the real server
 * (scripts/bench/yardline-server.ts on in-memory PGlite, with the build's precompressed files),
 * in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Part of `npm run bench`;
 * prints the performance and accessibility scores, FCP, LCP, TBT and the bytes sent.
 */
import { execFile, fork } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DEMO_PASSWORD } from "../src/server/db/demo-data";

const run = promisify(execFile);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TARGET_SCORE = 95;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
].join(" ");

interface Audit {
  numericValue?: number;
}
interface Report {
  categories: { performance: { score: number | null }; accessibility: { score: number | null } };
  audits: Record<string, Audit | undefined>;
}

/** The real server on in-memory PGlite serving `dist` (also used by scripts/bench-login.ts). */
export async function serve(dist: string) {
  const child = fork(fileURLToPath(new URL("./bench/yardline-server.ts", import.meta.url)), [], {
    env: { ...process.env, BENCH_DATABASE: "", BENCH_SEED_SHIPMENTS: "0", BENCH_STATIC_DIR: dist },
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    child.on("message", (message: { port?: number }) => {
      if (message.port) resolve(message.port);
    });
  });
  child.removeAllListeners("exit");
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** POST `path` as a demo user acting for the user's first company; the JSON answer. */
async function postAs(base: string, username: string, path: string): Promise<unknown> {
  const login = await fetch(`${base}/get-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  const authorization = `Bearer ${access}`;
  const auth = await fetch(`${base}/api/user/auth`, { headers: { authorization } });
  const { user } = (await auth.json()) as { user: { groups: { id: number }[] } };
  const company = String(user.groups[0]?.id ?? "");
  const answer = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization, company },
  });
  if (!answer.ok) throw new Error(`POST ${path} answered ${answer.status}`);
  return answer.json();
}

/** A new self check-in page of the office user's first company: its path. */
export async function checkInPagePath(base: string): Promise<string> {
  const { token } = (await postAs(base, "office", "/api/check-in/page")) as { token: string };
  return `/check-in/${token}`;
}

/** A new carrier booking page (issue 29) of the admin user's first company: its path. */
export async function carrierBookingPagePath(base: string): Promise<string> {
  const { token } = (await postAs(base, "admin", "/api/carrier-booking/page")) as {
    token: string;
  };
  return `/carrier-booking/${token}`;
}

/** A public page's path as the figures name it (its token left out). */
export function pageName(path: string): string {
  if (path.startsWith("/check-in/")) return "/check-in/{token}";
  if (path.startsWith("/carrier-booking/")) return "/carrier-booking/{token}";
  return path;
}

const ms = (audit: Audit | undefined) =>
  audit?.numericValue === undefined ? "-" : `${Math.round(audit.numericValue)} ms`;

export async function runLighthouse(dist: string): Promise<void> {
  if (!existsSync(CHROME)) {
    console.log(`Lighthouse: skipped (no Chromium at ${CHROME}; set CHROME_PATH)`);
    return;
  }
  const server = await serve(dist);
  const out = mkdtempSync(join(tmpdir(), "yardline-lighthouse-"));
  try {
    const pages = [
      "/login",
      "/",
      "/contact",
      await checkInPagePath(server.url),
      await carrierBookingPagePath(server.url),
    ];
    for (const page of pages) {
      await lighthouse(`${server.url}${page}`, pageName(page), join(out, "report.json"));
    }
  } finally {
    await server.stop();
    rmSync(out, { recursive: true, force: true });
  }
}

async function lighthouse(url: string, name: string, path: string): Promise<void> {
  const cli = fileURLToPath(new URL("../node_modules/lighthouse/cli/index.js", import.meta.url));
  await run(
    process.execPath,
    [
      cli,
      url,
      "--only-categories=performance,accessibility",
      "--output=json",
      `--output-path=${path}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      "--quiet",
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, timeout: 180_000 },
  );
  const report = JSON.parse(readFileSync(path, "utf8")) as Report;
  const score = (value: number | null) => Math.round((value ?? 0) * 100);
  const bytes = report.audits["total-byte-weight"]?.numericValue ?? 0;
  console.log(
    `Lighthouse mobile on ${name}: performance ${score(report.categories.performance.score)}, ` +
      `accessibility ${score(report.categories.accessibility.score)} ` +
      `(target >= ${TARGET_SCORE}), ` +
      `FCP ${ms(report.audits["first-contentful-paint"])}, ` +
      `LCP ${ms(report.audits["largest-contentful-paint"])}, ` +
      `TBT ${ms(report.audits["total-blocking-time"])}, ` +
      `transfer ${(bytes / 1024).toFixed(1)} kB`,
  );
}
