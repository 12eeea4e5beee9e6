import { type ChildProcess, spawn } from "node:child_process";
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
function spawnScript(file: string, env: Record<string, string>, args: readonly string[]) {
  return spawn(process.execPath, ["--import", "tsx", file, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export function runScript(
  file: string,
  env: Record<string, string>,
  args: readonly string[] = [],
  timeoutMs = 60_000,
): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawnScript(file, env, args);
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

/** A server started as its own process (src/server/main.ts), listening until killed. */
export interface RunningServer {
  /** http://127.0.0.1:<port>, from the server's own "listening" log line. */
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends the signal and resolves with how the process ended. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts main.ts (or another server entry) with only the given environment, on PORT 0 of
 * 127.0.0.1 unless told otherwise, and resolves once it listens. Kill it in a finally.
 */
export function startServer(
  file: string,
  env: Record<string, string>,
  timeoutMs = 150_000,
): Promise<RunningServer> {
  const child = spawnScript(file, { PORT: "0", HOST: "127.0.0.1", ...env }, []);
  let output = "";
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return ended;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill("SIGKILL");
      reject(new Error(`${file} did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening?.[1]) return;
      clearTimeout(timer);
      resolve({ url: listening[1], child, output: () => output, kill });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void ended.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code} before listening:\n${output}`));
    });
  });
}
