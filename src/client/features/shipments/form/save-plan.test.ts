import { describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { expeditionRow } from "../../../test-rows";
import { emptyFormState, formStateOf, valuesToSave } from "./form-values";
import { planSave } from "./save-plan";

const EXP = SHIPMENT_TYPE.expedition;
const REC = SHIPMENT_TYPE.reception;
const plain = { type: EXP, isTrw: false, userType: "default" } as const;
const BOOKED = "2026-11-24T09:30:00+01:00";

/** A new line's values with some fields filled in. */
function fresh(type: typeof EXP | typeof REC = EXP, values: Record<string, unknown> = {}) {
  const { client, ...rest } = values;
  const state = emptyFormState(type);
  const picked = typeof client === "number" ? { id: client, description: "ACME" } : null;
  return valuesToSave({ ...state, values: { ...state.values, ...rest }, client: picked });
}

describe("planSave: the save rules before anything is queued", () => {
  it("asks for the delivery note, client and booked date (fill_mandatory) outside trw", () => {
    const plan = planSave(EXP, null, fresh(), plain);
    expect(plan).toMatchObject({ kind: "invalid", mandatory: true });
    if (plan.kind !== "invalid") return;
    expect(plan.errors.code).toEqual([{ code: "required" }]);
    expect(plan.errors.client).toEqual([{ code: "required" }]);
    expect(plan.errors.booked_date).toEqual([{ code: "required" }]);
    expect(plan.errors).not.toHaveProperty("destination");
  });

  it("trw: the destination (origin on receptions) instead of the delivery note", () => {
    const values = { booked_date: BOOKED, client: 3 };
    const expedition = planSave(EXP, null, fresh(EXP, values), { ...plain, isTrw: true });
    expect(expedition.kind === "invalid" && Object.keys(expedition.errors)).toEqual([
      "destination",
    ]);
    const reception = planSave(REC, null, fresh(REC, values), {
      ...plain,
      type: REC,
      isTrw: true,
    });
    expect(reception.kind === "invalid" && Object.keys(reception.errors)).toEqual(["origin"]);
  });

  it("mexico: a weight of 0 is refused, not for the other user types", () => {
    const values = fresh(EXP, { code: "MX-1", booked_date: BOOKED, client: 3, weight: 0 });
    const mexico = planSave(EXP, null, values, { ...plain, userType: "mexico" });
    expect(mexico).toEqual({
      kind: "invalid",
      errors: { weight: [{ code: "not_zero" }] },
      mandatory: false,
    });
    expect(planSave(EXP, null, values, plain).kind).toBe("create");
  });

  it("refuses what the write contract would: typed letters, decimals, negatives, long text", () => {
    const values = fresh(EXP, {
      code: "X".repeat(61),
      booked_date: BOOKED,
      client: 3,
      packages: Number.NaN,
      weight: -1,
    });
    const plan = planSave(EXP, null, values, plain);
    expect(plan).toMatchObject({ kind: "invalid", mandatory: false });
    if (plan.kind !== "invalid") return;
    expect(plan.errors.code).toEqual([{ code: "too_long", max: 60 }]);
    expect(plan.errors.packages).toEqual([{ code: "invalid" }]);
    expect(plan.errors.weight).toEqual([{ code: "too_small", min: 0 }]);
    const decimal = planSave(EXP, null, { ...values, code: "A", packages: 1.5, weight: 2 }, plain);
    expect(decimal.kind === "invalid" && decimal.errors).toEqual({
      packages: [{ code: "invalid" }],
    });
    const negative = planSave(EXP, null, { ...values, code: "A", packages: -2, weight: 2 }, plain);
    expect(negative.kind === "invalid" && negative.errors.packages).toEqual([
      { code: "too_small", min: 0 },
    ]);
  });

  it("a new line sends the values set, not the empty defaults nor the default status", () => {
    const values = fresh(EXP, {
      code: "DN-9",
      booked_date: BOOKED,
      client: 3,
      status: 998,
      company_notes: "Gate 3",
    });
    expect(planSave(EXP, null, values, plain)).toEqual({
      kind: "create",
      body: { code: "DN-9", booked_date: BOOKED, client: 3, company_notes: "Gate 3" },
    });
  });
});

describe("planSave: an edit sends only what changed", () => {
  const row = expeditionRow(4, { company_notes: "old", packages: 3 });
  const opened = formStateOf(row);

  it("sends the changed fields only", () => {
    const values = valuesToSave({
      ...opened,
      values: { ...opened.values, company_notes: "new", packages: 5 },
    });
    expect(planSave(EXP, row, values, plain)).toEqual({
      kind: "edit",
      changes: { company_notes: "new", packages: 5 },
    });
  });

  it("the same instant written with another offset is no change; nothing changed: unchanged", () => {
    const sameInstant = new Date(row.booked_date).toISOString().replace("Z", "+00:00");
    const values = valuesToSave({
      ...opened,
      values: { ...opened.values, booked_date: sameInstant },
    });
    expect(planSave(EXP, row, values, plain)).toEqual({ kind: "unchanged" });
  });

  it("a newly picked truck or client goes by id", () => {
    const values = valuesToSave({
      ...opened,
      shipper: { id: 12, name: "CARRIER", phone: null, plate: "1234ABC" },
    });
    expect(planSave(EXP, row, values, plain)).toEqual({
      kind: "edit",
      changes: { shipper: 12 },
    });
  });

  it("answers only for the fields it changes (an older line without a delivery note)", () => {
    const older = expeditionRow(5, { code: "" });
    const state = formStateOf(older);
    const notes = valuesToSave({ ...state, values: { ...state.values, client_notes: "call" } });
    expect(planSave(EXP, older, notes, plain)).toEqual({
      kind: "edit",
      changes: { client_notes: "call" },
    });
    const cleared = valuesToSave({ ...state, client: null });
    expect(planSave(EXP, older, cleared, plain)).toEqual({
      kind: "invalid",
      errors: { client: [{ code: "required" }] },
      mandatory: true,
    });
  });
});
