import { isDeepStrictEqual } from "node:util";
import { db, type SyncIssueRow } from "../../../src/client/offline/db";
import type { Shipment } from "../../../src/shared/contract/shipments";
import { formAuthors } from "./forms";
import { checkForms } from "./forms-check";
import { gateAuthors } from "./gate";
import { checkGate, isGateIssue } from "./gate-check";
import type { ChangeRecord, OtherEdit, RunRecord, TaskLineRecord } from "./records";
import {
  type HistoryRecord,
  OTHER_USER,
  type ServerState,
  type StoredFile,
  type SyncServer,
} from "./server";

/**
 * The invariants every run must keep, checked once the device is quiet. Each broken one is a
 * line of the returned list (empty: the run is good).
 *
 * 1. Nothing lost: every change is applied on the server or listed as a sync issue (not both,
 *    not twice), and the outbox is empty.
 * 2. Exactly once, in order: each row's history holds one entry per applied change, in the
 *    order the changes were made, by their author, and one per edit of the other user.
 * 3. Refused changes are reverted: the mirrored row is a state the server really had (no
 *    refused or lingering optimistic value), the newest one unless only the other user changed
 *    the row since; each refusal has its status and code, and a 412 only where the other user
 *    edited the row, naming who wrote the row's current version.
 * 4. Every write reached the server with its author's token.
 * Task lines (issue 24), per booking: stored once under its uid with its last edit (edits
 * folded or queued after, in order, none twice), or gone everywhere once deleted, or (a client
 * of another company) not stored, gone from the device and listed once with 400 and the field
 * code on `client`.
 * The gate's check-ins and check-outs (issue 24): gate-check.ts.
 * Uploads (issue 24), per file: stored once on its line by its author, or (too large) not
 * stored and listed as a sync issue with 413 payload_too_large and the file's name; never both.
 */
export async function violations(server: SyncServer, run: RunRecord): Promise<string[]> {
  const out: string[] = run.stuck ? [run.stuck] : [];
  const outbox = await db.outbox.count();
  if (outbox !== 0) out.push(`outbox holds ${outbox} entries`);
  const all = await db.syncIssues.toArray();
  await checkGate(out, server, run, all.filter(isGateIssue));
  const issues = all.filter((issue) => !isGateIssue(issue));
  const rowIds = new Set(run.rows.map((row) => row.id));
  const ofRows = (issue: SyncIssueRow) =>
    issue.entity === "shipment" && rowIds.has(Number(issue.entityId));
  const issueOf = matchIssues(out, run, issues.filter(ofRows));
  await checkForms(
    out,
    server,
    run,
    issues.filter(
      (issue) =>
        (issue.entity === "shipment" && !ofRows(issue)) ||
        issue.entity === "shipper" ||
        issue.entity === "critical_line",
    ),
  );
  await checkTaskLines(
    out,
    run,
    await server.taskLinesByUid(run.taskLines.map((task) => task.uid)),
    issues.filter((issue) => issue.entity === "task_line"),
  );
  const ids = run.rows.map((row) => row.id);
  const states = await server.states(ids);
  const histories = await server.histories(ids);
  checkUploads(
    out,
    run,
    await server.files(ids),
    issues.filter((issue) => issue.entity === "attachment"),
  );

  for (const [index, created] of run.rows.entries()) {
    const history = histories.get(created.id) ?? [];
    const changes = run.changes.filter((change) => change.row === index);
    const others = run.otherEdits.filter((edit) => edit.row === index);
    checkHistory(out, index, history, changes, others, issueOf);
    checkRefusals(out, index, changes, others, issueOf);
    const state = states.get(created.id);
    const mirrored = await db.shipments.get(created.id);
    if (!state || !mirrored) out.push(`row ${index}: missing on the server or in the mirror`);
    else checkMirror(out, index, created, state, history, mirrored);
  }
  checkSessions(out, server, run);
  return out;
}

/** Each sync issue names one change (by row and body, unique within a run). */
function matchIssues(
  out: string[],
  run: RunRecord,
  issues: SyncIssueRow[],
): Map<ChangeRecord, SyncIssueRow> {
  const issueOf = new Map<ChangeRecord, SyncIssueRow>();
  for (const issue of issues) {
    const change = run.changes.find(
      (each) =>
        (run.rows[each.row] as Shipment).id === Number(issue.entityId) &&
        isDeepStrictEqual(each.body, issue.body),
    );
    if (!change) out.push(`sync issue for no change: ${JSON.stringify(issue.body)}`);
    else if (issueOf.has(change)) out.push(`change #${change.index} refused twice`);
    else issueOf.set(change, issue);
  }
  return issueOf;
}

function checkHistory(
  out: string[],
  row: number,
  history: HistoryRecord[],
  changes: ChangeRecord[],
  others: OtherEdit[],
  issueOf: Map<ChangeRecord, SyncIssueRow>,
): void {
  const applied: ChangeRecord[] = [];
  for (const entry of history) {
    const change = changes.find((each) => each.status !== null && each.status === entry.newStatus);
    const other = others.find((each) => each.status === entry.newStatus);
    if (change) {
      if (applied.includes(change)) out.push(`row ${row}: change #${change.index} applied twice`);
      applied.push(change);
      if (entry.username !== change.author) {
        out.push(
          `row ${row}: change #${change.index} by ${change.author} applied as ${entry.username}`,
        );
      }
    } else if (!other) {
      out.push(`row ${row}: a history entry nobody made (status ${String(entry.newStatus)})`);
    } else if (entry.username !== OTHER_USER) {
      out.push(`row ${row}: the other user's edit applied as ${entry.username}`);
    }
  }
  const order = applied.map((change) => change.index);
  if (order.join() !== [...order].sort((a, b) => a - b).join()) {
    out.push(`row ${row}: changes applied out of order: ${order.join(", ")}`);
  }
  for (const other of others) {
    const count = history.filter((entry) => entry.newStatus === other.status).length;
    if (count !== 1) out.push(`row ${row}: the other user's edit is in history ${count} times`);
  }
  for (const change of changes) {
    const done = applied.includes(change);
    const refused = issueOf.has(change);
    if (!done && !refused) out.push(`change #${change.index} lost: neither applied nor refused`);
    if (done && refused) out.push(`change #${change.index} applied and also refused`);
  }
}

function checkRefusals(
  out: string[],
  row: number,
  changes: ChangeRecord[],
  others: OtherEdit[],
  issueOf: Map<ChangeRecord, SyncIssueRow>,
): void {
  for (const change of changes) {
    const issue = issueOf.get(change);
    if (!issue) continue;
    if (!issue.status || !issue.code) out.push(`change #${change.index}: issue lacks status/code`);
    if (issue.status === 412 && others.length === 0) {
      out.push(`change #${change.index}: 412 on row ${row}, which nobody else edited`);
    }
    // The 412 answer names who wrote the winning version; someone did, so never nobody.
    if (issue.status === 412 && !issue.changedBy) {
      out.push(`change #${change.index}: 412 on row ${row} names nobody as its writer`);
    }
    if (change.status !== null && issue.status !== 412) {
      out.push(`change #${change.index}: a valid change refused (${issue.status} ${issue.code})`);
    }
  }
}

function checkMirror(
  out: string[],
  row: number,
  created: Shipment,
  state: ServerState,
  history: HistoryRecord[],
  mirrored: Shipment,
): void {
  const steps = mirrored.version - created.version;
  if (steps < 0 || mirrored.version > state.version) {
    out.push(`row ${row}: mirrored version ${mirrored.version}, server's ${state.version}`);
    return;
  }
  const expected = steps === 0 ? created.status.id : history[steps - 1]?.statusId;
  if (mirrored.status.id !== expected || mirrored.reason !== null) {
    out.push(
      `row ${row}: the mirror shows status ${mirrored.status.id}, reason ` +
        `${mirrored.reason?.code ?? null} at version ${mirrored.version}; the server had ${expected}`,
    );
  }
  const later = history.slice(steps);
  if (later.some((entry) => entry.username !== OTHER_USER)) {
    out.push(
      `row ${row}: the mirror (version ${mirrored.version}) misses the device's own accepted ` +
        `change (server at ${state.version})`,
    );
  }
}

/**
 * Each task line: stored once under its uid with its last edit (edits kept in order, none
 * applied twice: a repeated If-Match write would be a 412 issue), or gone from the server and
 * the device once deleted, or (refused) not stored, gone from the device and listed once with
 * 400 and its `fieldCodes.client`. Issues name a line by its uid or an id the device showed.
 */
async function checkTaskLines(
  out: string[],
  run: RunRecord,
  stored: Map<string, string[]>,
  issues: SyncIssueRow[],
): Promise<void> {
  const issuesOf = (task: TaskLineRecord) =>
    issues.filter(
      (issue) => issue.entityId === task.uid || task.ids.includes(Number(issue.entityId)),
    );
  for (const task of run.taskLines) {
    const label = `task line #${task.index} (${task.reference})`;
    const rows = stored.get(task.uid) ?? [];
    const refused = issuesOf(task);
    const left = await db.taskLines.filter((line) => line.uid === task.uid).count();
    if (refused.length > 1) out.push(`${label} refused ${refused.length} times`);
    if (task.invalid) {
      if (rows.length > 0) out.push(`${label}: a client of another company, yet stored`);
      const [issue] = refused;
      // Deleted while its creation was unsent, the server was asked nothing: no refusal.
      if (!issue && !(task.deleted && !sentOnce(run, task.mutationId))) {
        out.push(`${label}: refused by the server, yet not listed (lost)`);
      } else if (issue && (issue.status !== 400 || !issue.fieldCodes?.client)) {
        out.push(`${label}: listed as ${issue.status} ${JSON.stringify(issue.fieldCodes)}`);
      }
      if (left > 0) out.push(`${label}: refused, yet still shown on the device`);
      continue;
    }
    if (refused.length > 0)
      out.push(`${label}: refused (${refused[0]?.status} ${refused[0]?.code})`);
    if (task.deleted) {
      if (rows.length > 0) out.push(`${label}: deleted on the device, yet stored`);
      if (left > 0) out.push(`${label}: deleted, yet still shown on the device`);
      continue;
    }
    const expected = task.edits.at(-1) ?? task.reference;
    if (rows.length !== 1) out.push(`${label} stored ${rows.length} times`);
    else if (rows[0] !== expected) {
      out.push(`${label} stored as ${rows[0]}, its last edit set ${expected}`);
    }
    if (left !== 1) out.push(`${label} shown ${left} times on the device`);
  }
  for (const issue of issues) {
    if (!run.taskLines.some((task) => issuesOf(task).includes(issue))) {
      out.push(`sync issue for no task line: ${String(issue.entityId)}`);
    }
  }
}

/** Whether the device ever tried to send a write (then a delete follows it, never folds). */
function sentOnce(run: RunRecord, mutationId: string): boolean {
  return run.network.attemptsOf(mutationId) > 0;
}

/** Each upload: stored once on its line by its author, or refused with its reason; not both. */
function checkUploads(
  out: string[],
  run: RunRecord,
  files: Map<number, StoredFile[]>,
  issues: SyncIssueRow[],
): void {
  const all = [...files.values()].flat();
  for (const upload of run.uploads) {
    const line = (run.rows[upload.row] as Shipment).id;
    const stored = (files.get(line) ?? []).filter((file) => file.name === upload.name);
    const elsewhere = all.filter((file) => file.name === upload.name).length - stored.length;
    const refused = issues.filter((issue) => issue.file?.name === upload.name);
    const label = `upload #${upload.index} (${upload.name})`;
    if (elsewhere > 0) out.push(`${label} stored on another line`);
    if (refused.length > 1) out.push(`${label} refused ${refused.length} times`);
    if (upload.large) {
      if (stored.length > 0) out.push(`${label}: over the limit, yet stored`);
      const [issue] = refused;
      if (!issue) out.push(`${label}: over the limit, neither stored nor refused (lost)`);
      else if (
        issue.status !== 413 ||
        issue.code !== "payload_too_large" ||
        issue.file?.shipment !== line
      ) {
        out.push(`${label}: refused as ${issue.status} ${issue.code} on ${issue.file?.shipment}`);
      }
      continue;
    }
    if (refused.length > 0)
      out.push(`${label}: refused (${refused[0]?.status} ${refused[0]?.code})`);
    if (stored.length !== 1) out.push(`${label} stored ${stored.length} times`);
    else if (stored[0]?.username !== upload.author) {
      out.push(`${label} by ${upload.author} stored as ${stored[0]?.username}`);
    }
  }
  for (const issue of issues) {
    if (!run.uploads.some((upload) => upload.name === issue.file?.name)) {
      out.push(`sync issue for no upload: ${issue.file?.name}`);
    }
  }
}

/** Invariant 4: the token of every delivered write belongs to the change's author. */
function checkSessions(out: string[], server: SyncServer, run: RunRecord): void {
  const changeOf = new Map<string, { index: number; author: string }>([
    ...formAuthors(run),
    ...gateAuthors(run),
    ...run.changes.map((change) => [change.mutationId, change] as const),
    ...run.uploads.map((upload) => [upload.mutationId, upload] as const),
    ...run.taskLines.flatMap((task) =>
      [task.mutationId, ...task.keys].map((key) => [key, task] as const),
    ),
  ]);
  for (const delivery of run.network.deliveries) {
    const change = changeOf.get(delivery.key);
    if (!change) continue;
    const sentAs = delivery.jwt ? server.userOfJwt(delivery.jwt) : "nobody";
    if (sentAs !== change.author) {
      out.push(`change #${change.index} by ${change.author} reached the server as ${sentAs}`);
    }
  }
}
