import { DEFAULT_STATUS, type ShipmentType, STATUSES } from "../../../src/shared/contract/status";
import type { WriteFault } from "./network";
import { type Rng, rng, subSeed } from "./prng";
import type { Plan, RowPlan, Step } from "./records";
import { DEVICE_USERS } from "./server";

const TYPES: ShipmentType[] = [1, 2];

const FAULT_WEIGHTS: Record<Exclude<WriteFault, "none">, number> = {
  slow: 6,
  offline: 4,
  flap: 2,
  drop: 4,
  duplicate: 3,
  duplicateConcurrent: 3,
  unavailable: 2,
  badGateway: 2,
  tooMany: 2,
  expired: 2,
  reloadBefore: 2,
  reloadAfter: 2,
  restart: 2,
};

/** The fault of one write attempt: seeded by the change and attempt, not by arrival order. */
export function faultFor(plan: Plan, change: number, attempt: number): WriteFault {
  if (plan.faults) return plan.faults[change]?.[attempt] ?? "none";
  const r = rng(subSeed(plan.seed, change, attempt));
  // Each further attempt is a little luckier, so every run ends.
  if (!r.chance(plan.faultRate * 0.7 ** attempt)) return r.chance(0.3) ? "slow" : "none";
  return r.weighted(FAULT_WEIGHTS);
}

function noise(r: Rng, tabs: number): Step {
  const kind = r.weighted({
    wait: 8,
    offline: 2,
    online: 2,
    kick: 2,
    switchUser: 1.5,
    relogin: 1,
    signOut: 0.5,
    clockJump: 0.5,
  });
  switch (kind) {
    case "wait":
      return { kind, ms: r.int(0, 12) };
    case "offline":
      return { kind, ms: r.int(0, 15) };
    case "clockJump":
      return { kind, tab: r.int(0, tabs - 1), ms: r.int(-3_600_000, 3_600_000) };
    default:
      return { kind };
  }
}

type Event =
  | "change"
  | "otherEdit"
  | "upload"
  | "taskLine"
  | "taskEdit"
  | "taskDelete"
  | "form"
  | "formEdit"
  | "formDelete"
  | "formOtherEdit"
  | "checkIn"
  | "checkOut";

export function makePlan(seed: number): Plan {
  const r = rng(seed);
  const rows: RowPlan[] = [];
  const rowCount = r.pick([1, 1, 2, 2, 3]);
  for (let i = 0; i < rowCount; i++) {
    const type = r.pick(TYPES);
    const statuses = r.shuffle(
      STATUSES.filter((s) => s.type === type && s.id !== DEFAULT_STATUS[type]).map((s) => s.id),
    );
    rows.push({ type, statuses });
  }
  const used = rows.map(() => 0);
  const take = (row: number): number | null => {
    const plan = rows[row] as RowPlan;
    const index = used[row] as number;
    if (index >= plan.statuses.length) return null;
    used[row] = index + 1;
    return plan.statuses[index] as number;
  };
  const tabs = r.chance(0.5) ? 2 : 1;
  const skews = Array.from({ length: tabs }, () =>
    r.chance(0.5) ? 0 : r.int(-7_200_000, 7_200_000),
  );
  const steps: Step[] = [];
  const changes = r.pick([2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 7, 8]);
  const otherEdits = r.chance(0.4) ? r.int(1, 2) : 0;
  // Photos for the lines' documents, queued in the same outbox (issue 24).
  const uploads = r.chance(0.4) ? r.int(1, 2) : 0;
  // Task lines booked on the device, in the same outbox (issue 24).
  const tasks = r.chance(0.4) ? r.int(1, 2) : 0;
  // Edits and deletes of those task lines, folded or queued after (issue 24).
  const taskEdits = tasks > 0 ? r.pick([0, 1, 1, 2, 3]) : 0;
  const taskDeletes = tasks > 0 && r.chance(0.5) ? 1 : 0;
  // Form saves in the trw company (shipments, trucks, critical lines), their edits, and
  // deletes by another device (issue 24).
  const forms = r.chance(0.4) ? r.int(1, 2) : 0;
  const formEdits = forms > 0 ? r.pick([0, 1, 1, 2]) : 0;
  const formDeletes = forms > 0 && r.chance(0.5) ? 1 : 0;
  // Another user's change of another field of a saved form, which the device's later edits
  // meet as a 412 and merge (issue 24).
  const formOtherEdits = forms > 0 && r.chance(0.5) ? 1 : 0;
  // Shipments deleted by another device or here (each once, by one of them).
  const deleted = new Set<number>();
  // Shipments the device will delete (issue 24), a few events after saving them.
  const toDelete: number[] = [];
  // The gate (issue 24): check-ins, check-outs of their trucks, now and then a truck that never
  // arrived; in a minority of runs (each check-in makes its own line and truck).
  const checkIns = r.chance(0.15) ? r.int(1, 2) : 0;
  const checkOuts = checkIns > 0 ? r.int(0, checkIns) + (r.chance(0.2) ? 1 : 0) : 0;
  let checkedIn = 0;
  const checkedOut = new Set<number>();
  // The forms saved so far, so edits and deletes name one that exists when they come.
  const saved: Extract<Step, { kind: "form" }>[] = [];
  const events: Event[] = r.shuffle([
    ...Array<"change">(changes).fill("change"),
    ...Array<"otherEdit">(otherEdits).fill("otherEdit"),
    ...Array<"upload">(uploads).fill("upload"),
    ...Array<"taskLine">(tasks).fill("taskLine"),
    ...Array<"taskEdit">(taskEdits).fill("taskEdit"),
    ...Array<"taskDelete">(taskDeletes).fill("taskDelete"),
    ...Array<"form">(forms).fill("form"),
    ...Array<"formEdit">(formEdits).fill("formEdit"),
    ...Array<"formDelete">(formDeletes).fill("formDelete"),
    ...Array<"formOtherEdit">(formOtherEdits).fill("formOtherEdit"),
    ...Array<"checkIn">(checkIns).fill("checkIn"),
    ...Array<"checkOut">(checkOuts).fill("checkOut"),
  ]);
  const noiseRate = r.pick([0, 0.5, 1, 2]);
  for (const event of events) {
    while (r.chance(noiseRate / (1 + noiseRate))) steps.push(noise(r, tabs));
    if (toDelete.length > 0 && r.chance(0.5)) {
      steps.push({ kind: "shipmentDelete", form: toDelete.shift() as number });
    }
    const row = r.int(0, rows.length - 1);
    if (event === "taskLine") {
      steps.push({ kind: "taskLine", invalid: r.chance(0.2) });
      continue;
    }
    if (event === "taskEdit" || event === "taskDelete") {
      steps.push({ kind: event, task: r.int(0, tasks - 1) });
      continue;
    }
    if (event === "form") {
      const form = r.weighted({ shipment: 5, truck: 2, criticalLine: 3, series: 1 });
      // A refusal by the dock's rules: a reception (the restricted day and the hour's
      // capacity hold for receptions); a series' second occurrence meets it.
      const refusal =
        (form === "shipment" || form === "series") && r.chance(0.4)
          ? r.pick(["slot_full", "restricted_date"] as const)
          : null;
      const type = refusal || form === "series" ? 2 : r.pick(TYPES);
      const step: Extract<Step, { kind: "form" }> =
        form === "series"
          ? { kind: "form", form, type, refusal, occurrences: r.int(2, 3) }
          : { kind: "form", form, type, refusal };
      if (form === "shipment" && !refusal && r.chance(0.5)) {
        // The device deletes it a little later; saved offline in half of those, it may still
        // be unsent then (the delete folds it away, asking the server nothing).
        step.untried = r.chance(0.5);
        deleted.add(saved.length);
        toDelete.push(saved.length);
      }
      saved.push(step);
      steps.push(step);
      continue;
    }
    if (event === "checkIn") {
      steps.push({ kind: event, type: r.pick(TYPES), taken: r.chance(0.2) });
      checkedIn += 1;
      continue;
    }
    if (event === "checkOut") {
      // The truck of a check-in made before (each leaves once), else one that never arrived.
      const open = Array.from({ length: checkedIn }, (_, visit) => visit).filter(
        (visit) => !checkedOut.has(visit),
      );
      const visit = open.length > 0 && r.chance(0.85) ? r.pick(open) : null;
      if (visit !== null) checkedOut.add(visit);
      steps.push({ kind: event, visit });
      continue;
    }
    if (event === "formEdit") {
      if (saved.length > 0) steps.push({ kind: event, form: r.int(0, saved.length - 1) });
      continue;
    }
    if (event === "formDelete") {
      // Another device deletes a booked line; the device then edits it (as it still shows it).
      const lines = saved.flatMap((step, index) =>
        step.form === "shipment" && !step.refusal && !deleted.has(index) ? [index] : [],
      );
      if (lines.length === 0) continue;
      const form = r.pick(lines);
      deleted.add(form);
      steps.push({ kind: event, form });
      while (r.chance(0.5)) steps.push(noise(r, tabs));
      steps.push({ kind: "formEdit", form });
      continue;
    }
    if (event === "formOtherEdit") {
      // Another user changes another field; the device then edits the form as it shows it.
      const open = saved.flatMap((step, index) => (step.refusal ? [] : [index]));
      if (open.length === 0) continue;
      const form = r.pick(open);
      steps.push({ kind: event, form });
      while (r.chance(0.5)) steps.push(noise(r, tabs));
      steps.push({ kind: "formEdit", form });
      continue;
    }
    if (event === "upload") {
      steps.push({ kind: "upload", row, large: r.chance(0.2) });
      continue;
    }
    if (event === "change" && r.chance(0.07)) {
      steps.push({ kind: "change", row, status: null });
      continue;
    }
    const status = take(row);
    if (status === null) continue; // the row's statuses are used up
    steps.push({ kind: event, row, status });
  }
  for (const form of toDelete) steps.push({ kind: "shipmentDelete", form });
  while (r.chance(0.3)) steps.push(noise(r, tabs));
  return {
    seed,
    rows,
    skews,
    firstUser: r.pick(DEVICE_USERS),
    faultRate: r.pick([0, 0.15, 0.3, 0.5, 0.7]),
    steps,
  };
}
