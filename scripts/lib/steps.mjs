// Small helpers shared by scripts/check.mjs and scripts/test.mjs: run a command with live
// output, time named steps and print a summary table.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { setPriority } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const COLOR = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
/** ANSI styling on a terminal only, so CI logs stay plain. */
export const paint = (code, text) => (COLOR ? `\x1b[${code}m${text}\x1b[0m` : text);

/** A locally installed CLI (node_modules/.bin), so nothing is ever fetched on the fly. */
export function bin(name) {
  const path = join(ROOT, "node_modules", ".bin", name);
  if (!existsSync(path)) throw new Error(`${name} is not installed: run \`npm install\` first`);
  return path;
}

/**
 * Runs a command from the repository root. Output goes to the terminal unless `capture` is
 * set, in which case it is returned. `priority` (a nice value, 1 to 19) runs it behind the
 * other work of the machine. Resolves with the exit status (never rejects for a non-zero exit).
 */
export function run(command, args, { env, capture = false, priority } = {}) {
  const shown = [command.startsWith(ROOT) ? command.slice(ROOT.length) : command, ...args];
  console.log(paint(2, `$ ${shown.join(" ")}`));
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (priority !== undefined && child.pid !== undefined) {
      try {
        setPriority(child.pid, priority);
      } catch {
        // Not allowed here: it runs at the normal priority.
      }
    }
    let output = "";
    if (capture) {
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
    }
    child.on("error", (error) => resolve({ status: 127, output: `${output}${error.message}\n` }));
    child.on("close", (code, signal) => resolve({ status: code ?? (signal ? 128 : 1), output }));
  });
}

export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Runs `fn` as a named step; `fn` returns {ok, detail?}. Records the result in `results`. */
export async function step(results, name, fn) {
  console.log(`\n${paint(1, `▶ ${name}`)}`);
  const started = Date.now();
  let outcome;
  try {
    outcome = await fn();
  } catch (error) {
    outcome = { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
  const result = { name, ms: Date.now() - started, ...outcome };
  results.push(result);
  const mark = result.ok ? paint(32, "✔") : paint(31, "✘");
  console.log(
    `${mark} ${name} (${seconds(result.ms)})${result.detail ? `: ${result.detail}` : ""}`,
  );
  return result;
}

export function printSummary(title, results, skipped = []) {
  console.log(`\n${paint(1, title)}`);
  const width = Math.max(...[...results.map((r) => r.name), ...skipped].map((n) => n.length));
  for (const r of results) {
    const status = r.ok ? "ok    " : "FAILED";
    const detail = r.detail ? `  ${r.detail}` : "";
    console.log(`  ${status} ${r.name.padEnd(width)} ${seconds(r.ms).padStart(8)}${detail}`);
  }
  for (const name of skipped) console.log(`  skip   ${name.padEnd(width)}`);
}
