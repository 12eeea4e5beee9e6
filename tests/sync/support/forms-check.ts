import { db, type SyncIssueRow } from "../../../src/client/offline/db";
import { type FormServer, formServer, type StoredForm } from "./forms-server";
import type { FormRecord, RunRecord } from "./records";
import type { SyncServer } from "./server";

/** The mirror table of a form's rows (trucks: the shippers' mirror). */
function deviceRows(form: FormRecord) {
  return tableOf(form)
    .filter((row) => row.uid === form.uid)
    .toArray();
}

function tableOf(form: FormRecord) {
  const table = isShipment(form)
    ? db.shipments
    : form.kind === "truck"
      ? db.trucks
      : db.criticalLines;
  return table as typeof db.shipments;
}

/** A shipment form: a line, or a series (its first occurrence is the form's line). */
function isShipment(form: FormRecord): boolean {
  return form.kind === "shipment" || form.kind === "series";
}

function shownValue(form: FormRecord, row: Record<string, unknown>): unknown {
  if (isShipment(form)) return row.company_notes;
  return form.kind === "truck" ? row.name : row.observations;
}

/**
 * The form writes' invariants (issue 24), per form: a creation refused by the dock's rules is
 * not stored, gone from the device and listed once with 400 and its reason on booked_date; any
 * other is stored once under its uid with its last edit (each edit written once, in order) and
 * shown so on the device; an edit of a line another device deleted is applied (before the
 * delete) or refused 404, never both, never lost, and one made after the delete is refused;
 * another user's change of another field survives the device's edits (412, merged).
 * `issues`: the sync issues of form entities (those of the runs' status changes are apart).
 */
export async function checkForms(
  out: string[],
  server: SyncServer,
  run: RunRecord,
  issues: SyncIssueRow[],
): Promise<void> {
  if (run.forms.length === 0) {
    for (const issue of issues) out.push(`sync issue for no form: ${String(issue.entityId)}`);
    return;
  }
  const forms = await formServer(server);
  const uidsOf = (kind: FormRecord["kind"]) =>
    run.forms.filter((form) => form.kind === kind).map((form) => form.uid);
  const occurrenceUids = run.forms.flatMap((form) => form.series?.uids ?? []);
  const stored = new Map<string, StoredForm[]>([
    ...(await forms.shipments([...uidsOf("shipment"), ...occurrenceUids])),
    ...(await forms.trucks(uidsOf("truck"))),
    ...(await forms.criticalLines(uidsOf("criticalLine"))),
  ]);
  const ids = [...stored.values()].flat().map((row) => row.id);
  const writes = await forms.notesWrites(ids);
  const claimed = new Set<SyncIssueRow>();
  for (const form of run.forms) {
    if (form.series) await checkSeries(out, form, stored, issues, claimed);
    const rows = stored.get(form.uid) ?? [];
    const mine = issues.filter(
      (issue) =>
        issue.entity === entityOf(form) &&
        (issue.entityId === form.uid || rows.some((row) => row.id === Number(issue.entityId))),
    );
    for (const issue of mine) claimed.add(issue);
    const shown = await deviceRows(form);
    const label = `${form.kind} form #${form.index} (${form.value})`;
    if (form.deletedHere) {
      await checkDeletedHere(out, label, form, run, forms, rows, mine, shown.length, writes);
      continue;
    }
    if (form.refusal) {
      if (rows.length > 0) out.push(`${label}: refused by the dock (${form.refusal}), yet stored`);
      const [issue] = mine;
      if (mine.length !== 1) out.push(`${label}: refused, listed ${mine.length} times`);
      else if (issue?.status !== 400 || issue.fieldCodes?.booked_date !== form.refusal) {
        out.push(`${label}: listed as ${issue?.status} ${JSON.stringify(issue?.fieldCodes)}`);
      }
      if (shown.length > 0) out.push(`${label}: refused, yet still shown on the device`);
      continue;
    }
    const [row] = rows;
    if (rows.length !== 1 || !row) {
      out.push(`${label} stored ${rows.length} times`);
      continue;
    }
    const history = writes.get(row.id) ?? [];
    const refusedEdits = form.edits.filter((edit) =>
      mine.some(
        (issue) =>
          issue.body?.company_notes === edit.value ||
          issue.body?.observations === edit.value ||
          issue.body?.name === edit.value,
      ),
    );
    if (mine.length !== refusedEdits.length) {
      out.push(`${label}: ${mine.length} sync issues, ${refusedEdits.length} of its edits`);
    }
    for (const issue of mine) {
      if (!form.deletedByOther || issue.status !== 404) {
        out.push(`${label}: refused ${issue.status} ${issue.code} (${JSON.stringify(issue.body)})`);
      }
    }
    if (isShipment(form)) {
      const applied = form.edits.filter((edit) => history.includes(edit.value));
      for (const edit of form.edits) {
        const times = history.filter((value) => value === edit.value).length;
        const refused = refusedEdits.includes(edit);
        if (times > 1) out.push(`${label}: edit ${edit.value} applied ${times} times`);
        if (times === 1 && refused) out.push(`${label}: edit ${edit.value} applied and refused`);
        if (times === 0 && !refused) out.push(`${label}: edit ${edit.value} lost`);
        if (edit.afterDelete && times > 0)
          out.push(`${label}: edit ${edit.value} of a deleted line applied`);
      }
      const order = applied.map((edit) => history.indexOf(edit.value));
      if (order.join() !== [...order].sort((a, b) => a - b).join()) {
        out.push(`${label}: edits applied out of order`);
      }
    }
    if (form.deletedByOther) {
      if (!row.deleted) out.push(`${label}: deleted by another device, yet live`);
      if (refusedEdits.length > 0 && shown.length > 0) {
        out.push(`${label}: refused as deleted, yet still shown on the device`);
      }
      continue;
    }
    // Another user's change of another field survives the device's merged edits (a truck's or
    // critical line's re-send is the whole form: the server's values with the device's laid over).
    if (form.otherValue !== null && row.other !== form.otherValue) {
      out.push(
        `${label}: another user set ${form.otherValue}, the device's edits left ${row.other}`,
      );
    }
    const expected = form.edits.at(-1)?.value ?? form.value;
    if (row.value !== expected)
      out.push(`${label} stored as ${row.value}, its last edit set ${expected}`);
    if (shown.length !== 1) out.push(`${label} shown ${shown.length} times on the device`);
    else if (
      shown[0]?.id !== row.id ||
      shownValue(form, shown[0] as unknown as Record<string, unknown>) !== expected
    ) {
      out.push(
        `${label}: the device shows ${JSON.stringify([shown[0]?.id, shownValue(form, shown[0] as unknown as Record<string, unknown>)])}, the server ${JSON.stringify([row.id, row.value])}`,
      );
    }
  }
  for (const issue of issues) {
    if (!claimed.has(issue))
      out.push(`sync issue for no form: ${issue.entity} ${String(issue.entityId)}`);
  }
}

/**
 * A shipment the device deleted (issue 24): a creation never sent went with its delete (the
 * server was asked nothing, nothing stored); else stored once and deleted, no edit written
 * twice, and another device's later edit of it is refused 404. Never listed, never shown;
 * except when another user changed the line before the delete reached the server: a delete
 * has no merge, so it may be refused 412 instead (listed once, the line live and shown as the
 * server has it), as any change that did not see another user's edit.
 */
async function checkDeletedHere(
  out: string[],
  label: string,
  form: FormRecord,
  run: RunRecord,
  forms: FormServer,
  rows: StoredForm[],
  mine: SyncIssueRow[],
  shown: number,
  writes: Map<number, string[]>,
): Promise<void> {
  const deletion = form.deletedHere;
  if (!deletion) return;
  const [stale] = mine;
  if (
    mine.length === 1 &&
    stale?.status === 412 &&
    stale.op === "delete" &&
    form.otherValue !== null
  ) {
    if (rows.length !== 1 || rows[0]?.deleted) {
      out.push(`${label}: delete refused 412, yet the line is not live once on the server`);
    }
    if (shown !== 1) out.push(`${label}: delete refused 412, the line shown ${shown} times`);
    return;
  }
  for (const issue of mine)
    out.push(`${label}: deleted here, refused ${issue.status} ${issue.code}`);
  if (shown > 0) out.push(`${label}: deleted here, yet still shown on the device`);
  if (run.network.attemptsOf(form.mutationId) === 0) {
    // Never sent: the delete folded it away (its key is the creation's) and asked nothing.
    if (rows.length > 0) out.push(`${label}: deleted before it was ever sent, yet stored`);
    if (
      deletion.mutationId !== form.mutationId &&
      run.network.attemptsOf(deletion.mutationId) > 0
    ) {
      out.push(`${label}: deleted before it was ever sent, yet the delete asked the server`);
    }
    return;
  }
  const [row] = rows;
  if (rows.length !== 1 || !row) {
    out.push(`${label}: created, then deleted here, stored ${rows.length} times`);
    return;
  }
  if (!row.deleted) out.push(`${label}: deleted here, yet live on the server`);
  const history = writes.get(row.id) ?? [];
  for (const edit of form.edits) {
    const times = history.filter((value) => value === edit.value).length;
    if (times > 1) out.push(`${label}: edit ${edit.value} applied ${times} times`);
  }
  const status = await forms.editAsOther(form.type, row.id);
  if (status !== 404) out.push(`${label}: deleted, yet another device's edit got ${status}`);
}

/**
 * A series (issue 24) beyond its first occurrence (checked as the form's line): each later
 * occurrence stored once under its uid with the series' text and shown once on the device
 * under the server's id, except the one the dock refused (admin's second): not stored, not
 * shown, listed once as a refused creation of its day with its code on booked_date.
 */
async function checkSeries(
  out: string[],
  form: FormRecord,
  stored: Map<string, StoredForm[]>,
  issues: SyncIssueRow[],
  claimed: Set<SyncIssueRow>,
): Promise<void> {
  const series = form.series;
  if (!series) return;
  const label = `series form #${form.index} (${form.value})`;
  const ofSeries = issues.filter(
    (issue) =>
      issue.entity === "shipment" &&
      issue.op === "create" &&
      issue.entityId !== form.uid &&
      issue.body?.company_notes === form.value,
  );
  for (const issue of ofSeries) claimed.add(issue);
  for (const [place, uid] of series.uids.entries()) {
    if (place === 0) continue;
    const day = series.days[place] as string;
    const rows = stored.get(uid) ?? [];
    const shown = await db.shipments.filter((row) => row.uid === uid).toArray();
    const listed = ofSeries.filter(
      (issue) => Date.parse(String(issue.body?.booked_date)) === Date.parse(day),
    );
    if (place === 1 && series.refusal) {
      if (rows.length > 0) out.push(`${label}: ${day} refused (${series.refusal}), yet stored`);
      if (listed.length !== 1) out.push(`${label}: ${day} refused, listed ${listed.length} times`);
      else if (listed[0]?.status !== 400 || listed[0].fieldCodes?.booked_date !== series.refusal) {
        out.push(`${label}: ${day} listed as ${JSON.stringify(listed[0]?.fieldCodes)}`);
      }
      continue;
    }
    const [row] = rows;
    if (rows.length !== 1 || !row) out.push(`${label}: ${day} stored ${rows.length} times`);
    else if (row.value !== form.value) out.push(`${label}: ${day} stored as ${row.value}`);
    if (listed.length > 0) out.push(`${label}: ${day} made, yet listed as not created`);
    if (shown.length !== 1 || shown[0]?.id !== row?.id) {
      out.push(`${label}: ${day} shown as ${JSON.stringify(shown.map((each) => each.id))}`);
    }
  }
}

function entityOf(form: FormRecord): SyncIssueRow["entity"] {
  if (isShipment(form)) return "shipment";
  return form.kind === "truck" ? "shipper" : "critical_line";
}
