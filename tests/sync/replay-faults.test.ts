import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { db } from "../../src/client/offline/db";
import { violations } from "./support/invariants";
import type { Plan, RunRecord, Step } from "./support/records";
import { OTHER_USER } from "./support/server";
import { startSyncWorld } from "./support/sync-world";

/**
 * One deterministic run per fault kind, so a regression has a name (the randomized runs of
 * replay-property-*.test.ts mix them all). Each run must keep every invariant of
 * support/invariants.ts, and shows the fault did what it says.
 */
const sync = startSyncWorld();

const EXPEDITION = { type: 1 as const, statuses: [] };
const change = (status: number | null, row = 0): Step => ({ kind: "change", row, status });
const check = (run: (record: RunRecord) => Promise<void> | void): Step => ({
  kind: "check",
  check: run,
});
const SETTLE: Step = { kind: "settle" };

function plan(steps: Step[], options: Partial<Plan> = {}): Plan {
  return {
    seed: 1,
    rows: [EXPEDITION],
    skews: [0],
    firstUser: "admin",
    faultRate: 0,
    faults: {},
    steps,
    ...options,
  };
}

/** Runs a scenario: every invariant holds, and each mirrored row is the API's row. */
async function runClean(scenario: Plan): Promise<RunRecord> {
  const record = await sync.world.run(scenario);
  expect(await violations(sync.server, record)).toEqual([]);
  for (const row of record.rows) {
    const current = await sync.server.read(row);
    const mirrored = await db.shipments.get(row.id);
    // timing is computed at each answer (it moves with the clock); the rest must match.
    expect({ ...mirrored, timing: null }).toEqual({ ...current, timing: null });
  }
  return record;
}

/** Requests of change #index that reached the server. */
function deliveries(record: RunRecord, index: number) {
  const key = record.changes[index]?.mutationId;
  return record.network.deliveries.filter((delivery) => delivery.key === key);
}

async function historyOf(record: RunRecord, row = 0) {
  const id = record.rows[row]?.id as number;
  return (await sync.server.histories([id])).get(id) ?? [];
}

async function statusesApplied(record: RunRecord, row = 0) {
  return (await historyOf(record, row)).map((entry) => [entry.newStatus, entry.username]);
}

describe("replaying queued changes against the real API, one fault at a time", () => {
  it("offline: changes made offline wait, then go once each, in order", async () => {
    const record = await runClean(
      plan([
        { kind: "network", online: false },
        change(10),
        change(1),
        SETTLE,
        check(async ({ network }) => {
          expect(network.deliveries).toHaveLength(0);
          expect(await db.outbox.count()).toBe(2);
        }),
        { kind: "network", online: true },
      ]),
    );
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });

  it("offline flap mid-send: the attempt fails before the server, the retry goes", async () => {
    const record = await runClean(plan([change(10), change(1)], { faults: { 0: ["offline"] } }));
    expect(record.network.attemptsOf(record.changes[0]?.mutationId ?? "")).toBe(2);
    expect(deliveries(record, 0)).toHaveLength(1);
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });

  it("the `online` event while a request fails: the retry goes at once, no backoff", async () => {
    await runClean(
      plan(
        [
          change(10),
          SETTLE, // the pass that saw the failure is over
          check((run) => {
            expect(run.network.attemptsOf(run.changes[0]?.mutationId ?? "")).toBe(2);
            expect(deliveries(run, 0)).toHaveLength(1);
          }),
        ],
        { faults: { 0: ["flap"] } },
      ),
    );
  });

  it("answer lost after the server committed: the retry gets the stored answer, applied once", async () => {
    const record = await runClean(plan([change(10), change(1)], { faults: { 0: ["drop"] } }));
    expect(deliveries(record, 0)).toHaveLength(2);
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });

  it("changes queued offline on three lines leave in one batch; its lost answer is replayed", async () => {
    const offline: Step = { kind: "network", online: false };
    const online: Step = { kind: "network", online: true };
    const record = await runClean(
      plan([offline, change(10, 0), change(10, 1), change(10, 2), change(1, 0), online], {
        rows: [EXPEDITION, EXPEDITION, EXPEDITION],
        faults: { 0: ["drop"] },
      }),
    );
    // The dropped batch and its retry carried the three first changes: two deliveries each.
    for (const index of [0, 1, 2]) expect(deliveries(record, index)).toHaveLength(2);
    const batches = record.network.deliveries.filter((each) =>
      each.url.endsWith("/api/shipment-changes"),
    );
    expect(batches.length).toBeGreaterThanOrEqual(6);
    expect((await historyOf(record, 0)).map((entry) => entry.newStatus)).toEqual([10, 1]);
    for (const row of [1, 2]) {
      expect((await historyOf(record, row)).map((entry) => entry.newStatus)).toEqual([10]);
    }
  });

  it("duplicate delivery, one after the other: applied once", async () => {
    const record = await runClean(plan([change(10), change(1)], { faults: { 0: ["duplicate"] } }));
    expect(deliveries(record, 0)).toHaveLength(2);
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });

  it("duplicate delivery at the same time: applied once", async () => {
    const record = await runClean(
      plan([change(10), change(1)], { faults: { 0: ["duplicateConcurrent"] } }),
    );
    expect(deliveries(record, 0)).toHaveLength(2);
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });

  it("5xx before and after the server: backs off, retries, applied once", async () => {
    const record = await runClean(
      plan([change(10), change(1)], { faults: { 0: ["unavailable", "badGateway"] } }),
    );
    expect(record.network.attemptsOf(record.changes[0]?.mutationId ?? "")).toBe(3);
    expect(deliveries(record, 0)).toHaveLength(2); // the 502 came after the server committed
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });

  it("429: backs off, retries, applied once", async () => {
    const record = await runClean(
      plan([change(10), change(1)], { faults: { 0: ["tooMany", "tooMany"] } }),
    );
    expect(record.network.attemptsOf(record.changes[0]?.mutationId ?? "")).toBe(3);
    expect(deliveries(record, 0)).toHaveLength(1);
  });

  it("401: the user's queue pauses, another user's session sends none of it, a new login resumes it", async () => {
    const record = await runClean(
      plan(
        [
          change(10),
          SETTLE,
          check(async (run) => {
            expect(await historyOf(run)).toHaveLength(0);
            expect(await db.outbox.count()).toBe(1);
          }),
          { kind: "switchUser" }, // office signs in on the device
          change(3, 1),
          { kind: "kick" },
          SETTLE,
          check(async (run) => {
            expect(await statusesApplied(run, 1)).toEqual([[3, "office"]]);
            expect(await historyOf(run, 0)).toHaveLength(0); // admin's change still waits
            expect(await db.outbox.count()).toBe(1);
          }),
          { kind: "switchUser" }, // admin signs in again: a new token
          SETTLE,
        ],
        { rows: [EXPEDITION, EXPEDITION], faults: { 0: ["expired"] } },
      ),
    );
    expect(await statusesApplied(record)).toEqual([[10, "admin"]]);
    const tokens = deliveries(record, 0).map((delivery) => delivery.jwt);
    expect(tokens).toHaveLength(1); // the 401 never reached the server
  });

  it("a change is sent only with its author's token, even when another user signs in mid-pass", async () => {
    const record = await runClean(
      plan([change(10), { kind: "switchUser" }, change(1), { kind: "switchUser" }, change(3)], {
        skews: [0, 0],
      }),
    );
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "office"],
      [3, "admin"],
    ]);
  });

  it("reload before the request reaches the server: the old request lands late, applied once", async () => {
    const record = await runClean(
      plan([change(10), change(1)], { faults: { 0: ["reloadBefore"] } }),
    );
    expect(record.device.instances.filter((each) => each.sender.dead)).toHaveLength(1);
    expect(deliveries(record, 0)).toHaveLength(2);
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });

  it("reload after the server committed, before the answer: the new page's retry is a replay", async () => {
    const record = await runClean(
      plan([change(10), change(1)], { faults: { 0: ["reloadAfter"] } }),
    );
    expect(record.device.instances.filter((each) => each.sender.dead)).toHaveLength(1);
    expect(deliveries(record, 0)).toHaveLength(2);
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });

  it("replayer stopped mid-request beside a fresh one: applied once, the next change goes on", async () => {
    const record = await runClean(plan([change(10), change(1)], { faults: { 0: ["restart"] } }));
    expect(record.device.instances.filter((each) => each.stopped)).toHaveLength(1);
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });

  it("two tabs share one queue: every change is sent once, rows in order", async () => {
    const record = await runClean(
      plan([change(10), change(3, 1), change(1), { kind: "kick" }, change(2, 1), change(3)], {
        rows: [EXPEDITION, EXPEDITION],
        skews: [0, 0],
      }),
    );
    for (const each of record.changes) expect(deliveries(record, each.index)).toHaveLength(1);
    expect((await historyOf(record, 0)).map((entry) => entry.newStatus)).toEqual([10, 1, 3]);
    expect((await historyOf(record, 1)).map((entry) => entry.newStatus)).toEqual([3, 2]);
  });

  it("clock skew: tabs hours apart and a clock that jumps back still drain the queue", async () => {
    const record = await runClean(
      plan([change(10), { kind: "clockJump", tab: 0, ms: -7_200_000 }, change(1), change(3)], {
        skews: [3_600_000, -3_600_000],
        faults: { 0: ["tooMany"], 1: ["unavailable"] },
      }),
    );
    expect((await historyOf(record)).map((entry) => entry.newStatus)).toEqual([10, 1, 3]);
  });

  it("a clock set back while backing off: the retry still comes within the longest backoff", async () => {
    await runClean(
      plan(
        [
          change(10),
          SETTLE, // the 429 leaves a backoff of at most a second
          { kind: "clockJump", tab: 0, ms: -3_600_000 },
          check(async (run) => {
            // Heartbeats only, no `online` event: the wait must end by itself (it was an hour).
            for (let beat = 0; beat < 40 && deliveries(run, 0).length === 0; beat++) {
              await sleep(250);
              run.device.kickAll();
            }
            expect(deliveries(run, 0)).toHaveLength(1);
          }),
        ],
        { faults: { 0: ["tooMany"] } },
      ),
    );
  });

  it("another user's edit: the stale changes are refused (412), reverted and listed", async () => {
    const record = await runClean(
      plan([
        { kind: "network", online: false },
        change(10),
        change(1),
        { kind: "otherEdit", row: 0, status: 3 },
        { kind: "network", online: true },
        SETTLE,
        change(2), // made on the version the refusal brought back
      ]),
    );
    const issues = await db.syncIssues.orderBy("id").toArray();
    expect(issues.map((issue) => [issue.body, issue.status, issue.code])).toEqual([
      [{ status: 10 }, 412, "precondition_failed"],
      [{ status: 1 }, 412, "precondition_failed"],
    ]);
    expect(issues.map((issue) => issue.changedBy)).toEqual([OTHER_USER, OTHER_USER]);
    expect(await statusesApplied(record)).toEqual([
      [3, OTHER_USER],
      [2, "admin"],
    ]);
    const mirrored = await db.shipments.get(record.rows[0]?.id as number);
    expect(mirrored?.status.id).toBe(2);
  });

  it("a change the server rejects (400): refused, the row re-read and reverted", async () => {
    const record = await runClean(plan([change(10), change(null), change(1)]));
    const issues = await db.syncIssues.toArray();
    expect(issues.map((issue) => issue.status)).toEqual([400]);
    expect(await statusesApplied(record)).toEqual([
      [10, "admin"],
      [1, "admin"],
    ]);
  });
});
