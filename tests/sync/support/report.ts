import { db } from "../../../src/client/offline/db";
import type { RunRecord } from "./records";
import type { SyncServer } from "./server";

/** What a failing run did, for the test output (with the seed that replays it). */
export async function describeRun(
  server: SyncServer,
  run: RunRecord,
  problems: string[],
): Promise<string> {
  const lines = [
    `sync run failed: replay with SYNC_SEED=${run.plan.seed} npx vitest run --project sync`,
    ...problems.map((problem) => `  - ${problem}`),
    `progress: ${run.progress}`,
    `plan: ${JSON.stringify({ ...run.plan, steps: undefined })}`,
    `steps: ${run.plan.steps.map((step) => JSON.stringify(step)).join(" ")}`,
    "changes:",
    ...run.changes.map(
      (change) =>
        `  #${change.index} row ${change.row} ${JSON.stringify(change.body)} by ${change.author}` +
        ` (${run.network.attemptsOf(change.mutationId)} attempts)`,
    ),
    "uploads:",
    ...run.uploads.map(
      (upload) =>
        `  #${upload.index} row ${upload.row} ${upload.name}${upload.large ? " (too large)" : ""}` +
        ` by ${upload.author} (${run.network.attemptsOf(upload.mutationId)} attempts)`,
    ),
    "forms:",
    ...run.forms.map(
      (form) =>
        `  #${form.index} ${form.kind} ${form.uid} ${form.value}` +
        `${form.refusal ? ` (refused: ${form.refusal})` : ""} by ${form.author}` +
        ` (${run.network.attemptsOf(form.mutationId)} attempts)` +
        form.edits
          .map(
            (edit) =>
              `; edit ${edit.value} by ${edit.author}${edit.afterDelete ? " after the delete" : ""}` +
              ` (${run.network.attemptsOf(edit.mutationId)} attempts)`,
          )
          .join("") +
        (form.deletedByOther ? "; deleted by another device" : "") +
        (form.otherValue !== null ? `; another user set ${form.otherValue}` : "") +
        (form.deletedHere
          ? `; deleted here (${run.network.attemptsOf(form.deletedHere.mutationId)} attempts)`
          : ""),
    ),
    "gate:",
    ...run.checkIns.map(
      (visit) =>
        `  check-in #${visit.index} ${visit.plate} to line ${visit.lineId}` +
        `${visit.otherPlate ? ` (taken by ${visit.otherPlate})` : ""} by ${visit.author}` +
        ` (${run.network.attemptsOf(visit.mutationId)} attempts)`,
    ),
    ...run.checkOuts.map(
      (leave) =>
        `  check-out #${leave.index} ${leave.plate} of check-in ${leave.visit ?? "none"}` +
        ` by ${leave.author} (${run.network.attemptsOf(leave.mutationId)} attempts)`,
    ),
    `other edits: ${JSON.stringify(run.otherEdits)}`,
    `sync issues: ${JSON.stringify(
      (await db.syncIssues.toArray()).map((issue) => [
        issue.entityId,
        issue.file?.name ?? issue.body,
        issue.status,
        issue.code,
      ]),
    )}`,
  ];
  const jwt = localStorage.getItem("jwt");
  lines.push(
    `device: ${run.device.user ?? "nobody"} signed in, token ${jwt ? jwt.slice(-8) : null}` +
      `${jwt && run.network.expired.has(jwt) ? " (expired)" : ""}; replayers: ` +
      run.device.instances
        .map((instance) => {
          const inner = instance.replayer as unknown as Record<string, unknown>;
          const paused = inner.paused as { userId: number; jwt: string } | null;
          return (
            `#${instance.sender.id} tab ${instance.sender.tab}` +
            `${instance.sender.dead ? " dead" : instance.stopped ? " stopped" : ""}` +
            `${inner.running ? " running" : ""}` +
            `${paused ? ` paused(${paused.userId}, ${paused.jwt.slice(-8)})` : ""}`
          );
        })
        .join(", "),
  );
  lines.push(
    `outbox: ${JSON.stringify(
      (await db.outbox.toArray()).map((entry) => [
        entry.seq,
        entry.username,
        entry.body,
        entry.attempts,
      ]),
    )}`,
  );
  const histories = await server.histories(run.rows.map((row) => row.id));
  for (const [index, row] of run.rows.entries()) {
    const mirrored = await db.shipments.get(row.id);
    lines.push(
      `row ${index} (id ${row.id}, v${row.version}, status ${row.status.id}; mirror ` +
        `v${mirrored?.version} status ${mirrored?.status.id}) history: ` +
        (histories.get(row.id) ?? [])
          .map((entry) => `${String(entry.newStatus)} by ${entry.username}`)
          .join(", "),
    );
  }
  return lines.join("\n");
}
