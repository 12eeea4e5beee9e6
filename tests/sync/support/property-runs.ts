import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../src/client/offline/db";
import { violations } from "./invariants";
import { makePlan } from "./plan";
import type { RunRecord } from "./records";
import { describeRun } from "./report";
import { startSyncWorld } from "./sync-world";

/**
 * Randomized runs of queued changes against the real API behind a faulty network (README.md).
 * SYNC_RUNS sets how many (default 1000); SYNC_SEED the first seed (default: random, printed),
 * so `SYNC_SEED=<seed of a failed run>` replays that run alone. The runs are shared out over
 * SHARDS test files (each with its own server): the files run first (vitest.config.ts) and
 * side by side, so both cores of a CI machine work on them and none is left alone at the end.
 */
const fromEnv = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : Number(value);
};
const FIRST_SEED = fromEnv("SYNC_SEED") ?? Math.floor(Math.random() * 2 ** 31);
const RUNS = fromEnv("SYNC_RUNS") ?? (fromEnv("SYNC_SEED") === undefined ? 1000 : 1);
const CHUNK = 100;
export const SHARDS = 4;
/** A run that takes longer is reported as hung (with where it was). */
const RUN_TIMEOUT_MS = fromEnv("SYNC_RUN_TIMEOUT_MS") ?? 30_000;

/** Defines this file's share (`shard` of SHARDS) of the randomized runs. */
export function defineRuns(shard: number): void {
  const per = Math.ceil(RUNS / SHARDS);
  const first = Math.min(RUNS, shard * per);
  const end = Math.min(RUNS, first + per);
  const sync = startSyncWorld();

  beforeAll(() => {
    console.info(
      `sync property: runs ${first + 1} to ${end} of ${RUNS} from SYNC_SEED=${FIRST_SEED}`,
    );
  });

  describe(`queued changes under faults (runs ${first + 1} to ${end} of ${RUNS})`, () => {
    // With SYNC_SEED alone (one run) the later shards have nothing to run; the default 1,000
    // runs fill every shard.
    if (first >= end) it.skip("no runs in this shard", () => {});
    for (let start = first; start < end; start += CHUNK) {
      const count = Math.min(CHUNK, end - start);
      it(`runs ${start + 1} to ${start + count}`, async () => {
        // What the runs played, printed at the end (a mix that never happens proves nothing).
        const played = {
          changes: 0,
          uploads: 0,
          largeUploads: 0,
          tasks: 0,
          badTasks: 0,
          taskEdits: 0,
          taskDeletes: 0,
          forms: 0,
          formRefusals: 0,
          formEdits: 0,
          formDeletes: 0,
          deletesHere: 0,
          otherFields: 0,
          checkIns: 0,
          taken: 0,
          checkOuts: 0,
          neverArrived: 0,
          issues: 0,
        };
        for (let i = start; i < start + count; i++) {
          const seed = (FIRST_SEED + i) >>> 0;
          const plan = makePlan(seed);
          let problems: string[];
          let run: RunRecord | undefined;
          try {
            const timer = sleep(RUN_TIMEOUT_MS, "hung" as const, { ref: false });
            const outcome = await Promise.race([sync.world.run(plan), timer]);
            if (outcome === "hung") {
              run = sync.world.current ?? undefined;
              problems = [`the run hung for ${RUN_TIMEOUT_MS} ms`];
            } else {
              run = outcome;
              problems = await violations(sync.server, run);
              played.changes += run.changes.length;
              played.uploads += run.uploads.length;
              played.largeUploads += run.uploads.filter((upload) => upload.large).length;
              played.tasks += run.taskLines.length;
              played.badTasks += run.taskLines.filter((task) => task.invalid).length;
              played.taskEdits += run.taskLines.reduce((sum, task) => sum + task.edits.length, 0);
              played.taskDeletes += run.taskLines.filter((task) => task.deleted).length;
              played.forms += run.forms.length;
              played.formRefusals += run.forms.filter((form) => form.refusal).length;
              played.formEdits += run.forms.reduce((sum, form) => sum + form.edits.length, 0);
              played.formDeletes += run.forms.filter((form) => form.deletedByOther).length;
              played.deletesHere += run.forms.filter((form) => form.deletedHere).length;
              played.otherFields += run.forms.filter((form) => form.otherValue !== null).length;
              played.checkIns += run.checkIns.length;
              played.taken += run.checkIns.filter((visit) => visit.otherPlate).length;
              played.checkOuts += run.checkOuts.length;
              played.neverArrived += run.checkOuts.filter((leave) => leave.visit === null).length;
              played.issues += await db.syncIssues.count();
            }
          } catch (error) {
            problems = [`run threw: ${error instanceof Error ? error.stack : String(error)}`];
          }
          if (problems.length > 0) {
            const detail = run
              ? await describeRun(sync.server, run, problems)
              : `sync run failed: replay with SYNC_SEED=${seed} npx vitest run --project sync\n${problems.join("\n")}`;
            console.error(detail);
            expect.fail(detail);
          }
        }
        console.info(
          `sync property runs ${start + 1} to ${start + count}: ${played.changes} status or ` +
            `reason changes, ${played.uploads} uploads (${played.largeUploads} too large), ` +
            `${played.tasks} task lines (${played.badTasks} refused by rule; ` +
            `${played.taskEdits} edits, ${played.taskDeletes} deletes of them), ` +
            `${played.forms} form saves (${played.formRefusals} refused by the dock; ` +
            `${played.formEdits} edits, ${played.formDeletes} deleted by another device, ` +
            `${played.deletesHere} deleted here, ${played.otherFields} with a field changed by ` +
            `another user), ${played.checkIns} check-ins (${played.taken} ` +
            `to a taken line), ${played.checkOuts} check-outs (${played.neverArrived} of a ` +
            "truck that never arrived), " +
            `${played.issues} sync issues`,
        );
      }, 600_000);
    }
  });
}
