import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchStorage, type ScratchStorage, storageEnv } from "../test/harness";

/**
 * `npm run create-admin` at a real terminal: util-linux `script` gives it a pseudo-terminal,
 * the test answers each prompt only once it shows, and reads everything the terminal showed.
 */
const SCRIPT = "/usr/bin/script";
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

function atTerminal(command: string, env: Record<string, string>) {
  const child = spawn(SCRIPT, ["-qfec", command, "/dev/null"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
  });
  let shown = "";
  let seen = 0;
  const waiters: (() => void)[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    shown += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return {
    /** Waits for `prompt` after what was already answered, then types `answer` and Enter. */
    async answer(prompt: string, answer: string) {
      while (!shown.includes(prompt, seen)) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      seen = shown.indexOf(prompt, seen) + prompt.length;
      child.stdin.write(`${answer}\r`);
    },
    exited,
    shown: () => shown,
  };
}

describe.skipIf(!existsSync(SCRIPT))("npm run create-admin at a terminal", () => {
  // A new install's database (an empty PGlite cluster, or a PostgreSQL database).
  let scratch: ScratchStorage;
  beforeAll(async () => {
    scratch = await createScratchStorage();
  });
  afterAll(() => scratch.remove());

  it("asks twice without echoing, and asks again after a refused or mistyped password", async () => {
    // The prompt is what this tests (the stored admin: startup/production-start.test.ts).
    const run = atTerminal(
      `${process.execPath} --import tsx scripts/create-admin.ts --username ops`,
      { ...storageEnv(scratch), PASSWORD_HASH_COST: "10" },
    );
    await run.answer("Password for ops: ", "abc12");
    await run.answer("Password for ops: ", "Dock-7-opens-at-six");
    await run.answer("again: ", "Dock-7-opens-at-seven");
    await run.answer("Password for ops: ", "Dock-7-opens-at-six");
    await run.answer("again: ", "Dock-7-opens-at-six");
    expect(await run.exited).toBe(0);
    const shown = run.shown();
    expect(shown).toContain("That password cannot be used: it is shorter than 8 characters.");
    expect(shown).toContain("The two passwords differ; once more.");
    expect(shown).toContain("Admin ops created in company Yardline.");
    expect(shown).not.toContain("abc12");
    expect(shown).not.toContain("Dock-7");
  }, 90_000);
});
