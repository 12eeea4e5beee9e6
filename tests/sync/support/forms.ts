import {
  queueCriticalLineCreation,
  queueCriticalLineEdit,
} from "../../../src/client/features/critical-lines/commands";
import {
  queueSeriesCreation,
  queueShipmentCreation,
  queueShipmentDelete,
  queueShipmentEdit,
} from "../../../src/client/features/shipments/form-commands";
import { queueTruckCreation, queueTruckEdit } from "../../../src/client/features/trucks/commands";
import { db } from "../../../src/client/offline/db";
import { type CriticalLine, CriticalLineInput } from "../../../src/shared/contract/critical-lines";
import { occurrenceUid } from "../../../src/shared/occurrence-uid";
import { FULL_HOUR, formServer, RESTRICTED_DAY } from "./forms-server";
import { queuedKeyOf } from "./queued-key";
import type { FormRecord, RunRecord, Step, StepContext } from "./records";

/**
 * The form writes of the property runs (issue 24), queued through the forms' own commands as
 * the screens call them when no answer comes (online-first.ts queues under the key it tried):
 * shipment creation and edit, a series of daily receptions (edited on its first occurrence),
 * truck creation and edit, critical line creation and edit, in the trw company. Refusals from
 * the dock's rules: a reception booked by admin into the full hour (slot_full) or on the
 * restricted day (restricted_date); an edit of a line another device deleted meanwhile (404).
 * Another user's change of another field, which the device's edits meet as a 412 and merge.
 */

/** Where a form's faults are seeded (faultFor's change number): 10 per form. */
export const FORM_FAULT_BASE = 1000;

const CRITICAL_TEXTS = {
  cause: "Sync",
  activity: "Runs",
  line: "L1",
  product: "P1",
  contact: "C1",
  destination: "D1",
  provider: "PR",
  client_name: "CL",
};

type FormStep = Extract<
  Step,
  { kind: "form" | "formEdit" | "formDelete" | "formOtherEdit" | "shipmentDelete" }
>;

export async function playFormStep(step: FormStep, context: StepContext): Promise<void> {
  if (step.kind === "form") return create(step, context);
  if (step.kind === "formEdit") return edit(step.form, context);
  if (step.kind === "shipmentDelete") return deleteHere(step.form, context);
  if (step.kind === "formOtherEdit") return editOtherField(step.form, context);
  return deleteAsOther(step.form, context);
}

async function create(
  step: Extract<Step, { kind: "form" }>,
  { server, record, author: signedIn, seedFaults }: StepContext,
): Promise<void> {
  const forms = await formServer(server);
  const author = { ...signedIn, company: String(forms.company) };
  const index = record.forms.length;
  let uid: string = crypto.randomUUID();
  let series: FormRecord["series"];
  // Saved offline (`untried`): no attempt yet, so no key; the outbox makes one.
  let key: string | undefined = step.untried ? undefined : crypto.randomUUID();
  // Upper case: the truck form stores names so.
  const value = `RUN-${record.plan.seed}-FORM-${index}`;
  // Only admin is held to the dock's rules in trw (office holds lockdowns and overbooks).
  const refusal = step.refusal && author.username === "admin" ? step.refusal : null;
  if (step.form === "shipment") {
    const booked =
      step.refusal === "slot_full"
        ? FULL_HOUR
        : step.refusal === "restricted_date"
          ? `${RESTRICTED_DAY}T${String(index + 8).padStart(2, "0")}:00:00Z`
          : forms.nextHour();
    const place = step.type === 1 ? { destination: "Sync" } : { origin: "Sync" };
    await queueShipmentCreation(
      step.type,
      uid,
      { booked_date: booked, client: forms.client, company_notes: value, ...place },
      { client: { id: forms.client, description: "" } },
      author,
      new Date(),
      key,
    );
  } else if (step.form === "series") {
    // Daily receptions, 2 or 3 (issue 24: one entry; the dock refuses the second for admin).
    const count = step.occurrences ?? 2;
    const start = await forms.seriesStart(step.refusal);
    await queueSeriesCreation(
      2,
      uid,
      { booked_date: start, client: forms.client, company_notes: value, origin: "Sync" },
      `RRULE:FREQ=DAILY;COUNT=${count}`,
      { client: { id: forms.client, description: "" } },
      author,
      new Date(),
      key,
    );
    const places = Array.from({ length: count }, (_, place) => place);
    series = {
      uids: await Promise.all(places.map((place) => occurrenceUid(uid, place))),
      days: places.map((place) => new Date(Date.parse(start) + place * 86_400_000).toISOString()),
      refusal,
    };
    // The device shows and edits the first occurrence, under the uid the server gives it.
    uid = series.uids[0] as string;
  } else if (step.form === "truck") {
    const plate = `S${record.plan.seed % 100_000}F${index}`;
    await queueTruckCreation({ plate, name: value }, uid, forms.company, author, new Date(), key);
  } else {
    await queueCriticalLineCreation(
      uid,
      {
        init_date: "2034-01-01T08:00:00Z",
        end_date: "2034-01-01T10:00:00Z",
        observations: value,
        ...CRITICAL_TEXTS,
      },
      author,
      key,
    );
  }
  key ??= await queuedKeyOf(record.network, uid);
  seedFaults(key, FORM_FAULT_BASE + index * 10);
  record.forms.push({
    index,
    kind: step.form,
    type: step.type,
    uid,
    refusal: step.form === "series" ? null : refusal,
    ...(series ? { series } : {}),
    author: author.username,
    mutationId: key,
    value,
    edits: [],
    deletedByOther: false,
    otherValue: null,
    deletedHere: null,
  });
}

/** The form opened on the line as the device shows it, one field changed and saved. */
async function edit(target: number, { server, record, author: signedIn, seedFaults }: StepContext) {
  const form = record.forms[target];
  // A line deleted here is hidden from the lists: nobody opens its form any more.
  if (!form || form.refusal || form.deletedHere) return;
  // The form is opened in the line's company (the user picked trw in the menu).
  const author = { ...signedIn, company: String((await formServer(server)).company) };
  const value = `${form.value}-E${form.edits.length + 1}`;
  const key = crypto.randomUUID();
  if (form.kind === "shipment" || form.kind === "series") {
    const line = await db.shipments.filter((row) => row.uid === form.uid).first();
    if (!line) return;
    const queued = await queueShipmentEdit(
      line,
      { company_notes: value },
      { client: line.client, shipper: line.shipper },
      author,
      key,
    );
    if (!queued) return;
  } else if (form.kind === "truck") {
    // The truck form's whole body, the name changed (trucks/commands.ts queueTruckEdit).
    const truck = await db.trucks.filter((row) => row.uid === form.uid).first();
    if (!truck) return;
    const { plate, capacity_load, phone, country_code } = truck;
    await queueTruckEdit(
      truck,
      { plate, name: value, capacity_load, phone, country_code },
      author,
      key,
    );
  } else {
    const line = await db.criticalLines.filter((row) => row.uid === form.uid).first();
    if (!line) return;
    await queueCriticalLineEdit(
      line,
      { ...criticalInputOf(line), observations: value },
      author,
      key,
    );
  }
  seedFaults(key, FORM_FAULT_BASE + form.index * 10 + form.edits.length + 1);
  form.edits.push({
    value,
    mutationId: key,
    author: author.username,
    afterDelete: form.deletedByOther,
  });
}

/** The line's fields as the critical line contract takes them (its own keys, nothing else). */
function criticalInputOf(line: CriticalLine): CriticalLineInput {
  const keys = Object.keys(CriticalLineInput.shape) as (keyof CriticalLineInput)[];
  return Object.fromEntries(keys.map((key) => [key, line[key]])) as CriticalLineInput;
}

/** Another device deletes a shipment the run booked, once the server has it. */
async function deleteAsOther(target: number, { server, record }: StepContext) {
  const form = record.forms[target];
  if (form?.kind !== "shipment" || form.refusal || form.deletedByOther || form.deletedHere) return;
  const forms = await formServer(server);
  const [stored] = (await forms.shipments([form.uid])).get(form.uid) ?? [];
  if (!stored) return;
  await forms.deleteAsOther(form.type, stored.id);
  form.deletedByOther = true;
}

/**
 * Another user changes a field the device's edits never touch, once the server has the row
 * (the device's later edits, made on the version it shows, then meet a 412 and are merged).
 */
async function editOtherField(target: number, { server, record }: StepContext) {
  const form = record.forms[target];
  if (!form || form.refusal || form.deletedByOther || form.deletedHere) return;
  const forms = await formServer(server);
  const value = await forms.editOtherField(form.kind, form.type, form.uid, form.index);
  if (value !== null) form.otherValue = value;
}

/**
 * The device deletes a shipment it booked, as it shows it (the list's delete, queued through
 * `queueShipmentDelete`): after its creation, or (never sent) folded away with it.
 */
async function deleteHere(
  target: number,
  { server, record, author: signedIn, seedFaults }: StepContext,
): Promise<void> {
  const form = record.forms[target];
  if (form?.kind !== "shipment" || form.refusal || form.deletedByOther || form.deletedHere) return;
  // The list offers delete only with deleteExp/deleteRecep: admin holds them, office not.
  if (signedIn.username !== "admin") return;
  const line = await db.shipments.filter((row) => row.uid === form.uid).first();
  if (!line) return;
  const author = { ...signedIn, company: String((await formServer(server)).company) };
  const key = await queueShipmentDelete(line, author);
  if (key !== form.mutationId) seedFaults(key, FORM_FAULT_BASE + form.index * 10 + 9);
  form.deletedHere = { mutationId: key, author: author.username };
}

/** The authors of the form writes, by Idempotency-Key (the session check). */
export function formAuthors(record: RunRecord): [string, { index: number; author: string }][] {
  return record.forms.flatMap((form) => {
    const index = 2000 + form.index;
    const writes: [string, { index: number; author: string }][] = [
      [form.mutationId, { index, author: form.author }],
    ];
    for (const edit of form.edits) writes.push([edit.mutationId, { index, author: edit.author }]);
    if (form.deletedHere)
      writes.push([form.deletedHere.mutationId, { index, author: form.deletedHere.author }]);
    return writes;
  });
}
