import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * A bench server (yardline-server.ts, bare-server.ts) as a child process on 127.0.0.1, for
 * the benches that drive it over real sockets (scripts/bench-http.ts, bench-scale.ts,
 * bench-load.ts).
 */
export interface Server {
  label: string;
  child: ChildProcess;
  base: string;
  /** The child's process.cpuUsage() (every thread of that process, nothing else). */
  cpu(): Promise<NodeJS.CpuUsage>;
  /** The child's resident set size in bytes (/proc; NaN where there is none). */
  rss(): number;
  stop(): Promise<void>;
}

function rssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Forks `script` (a file of scripts/bench/) and waits for the port it announces. */
export async function startServer(
  label: string,
  script: string,
  env: Record<string, string>,
): Promise<Server> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    env: { ...process.env, ...env },
    // BENCH_SERVER_PROF=<dir>: each server writes a V8 CPU profile there when it stops.
    execArgv: [
      "--import",
      "tsx",
      "--expose-gc",
      ...(process.env.BENCH_SERVER_PROF
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`]
        : []),
    ],
    // The servers log slow requests at warn: under this load every request is one.
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
    child.on("message", (message: { port?: number }) => {
      if (message.port) resolve(message.port);
    });
  });
  child.removeAllListeners("exit");
  const cpu = () =>
    new Promise<NodeJS.CpuUsage>((resolve) => {
      const onMessage = (message: { cpu?: NodeJS.CpuUsage }) => {
        if (!message.cpu) return;
        child.off("message", onMessage);
        resolve(message.cpu);
      };
      child.on("message", onMessage);
      child.send("cpu");
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return {
    label,
    child,
    base: `http://127.0.0.1:${port}`,
    cpu,
    rss: () => rssOf(child.pid),
    stop,
  };
}
