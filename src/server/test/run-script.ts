import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The repository root, where `node --import tsx <file>` resolves like `npm run` does. */
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript entry (src/server/main.ts, scripts/*.ts) as its own process with only the
 * given environment (plus PATH and HOME), as an operator would start it; waits for its exit.
 */
export function runScript(
  file: string,
  env: Record<string, string>,
  args: readonly string[] = [],
  timeoutMs = 60_000,
): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", file, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${file} still ran after ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
