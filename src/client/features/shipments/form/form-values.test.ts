import { describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { expeditionRow } from "../../../test-rows";
import {
  emptyFormState,
  formStateOf,
  fromLocalInput,
  numberOrNull,
  toLocalInput,
  valuesToSave,
} from "./form-values";

describe("form values", () => {
  it("round-trips a date through the datetime-local input in the device's zone", () => {
    const iso = fromLocalInput("2026-11-24T09:30");
    expect(iso).toMatch(/^2026-11-24T09:30:00(Z|[+-]\d{2}:\d{2})$/);
    expect(toLocalInput(iso)).toBe("2026-11-24T09:30");
    expect(fromLocalInput("")).toBeNull();
    expect(toLocalInput(null)).toBe("");
  });

  it("reads typed numbers, empty as none", () => {
    expect(numberOrNull("")).toBeNull();
    expect(numberOrNull(" 12 ")).toBe(12);
    expect(numberOrNull("1,5")).toBe(1.5);
    expect(Number.isNaN(numberOrNull("abc"))).toBe(true);
  });

  it("sends the picked client and truck by id", () => {
    const row = expeditionRow(4, {
      shipper: { id: 9, name: "CARRIER", phone: null, plate: "1234ABC" },
    });
    const state = formStateOf(row);
    expect(state.client).toEqual(row.client);
    const values = valuesToSave({ ...state, client: { id: 77, description: "NEW" } });
    expect(values.client).toBe(77);
    expect(values.shipper).toBe(9);
    expect(values.destination).toBe("Madrid");
  });

  it("starts a reception with its own fields and nothing picked", () => {
    const state = emptyFormState(SHIPMENT_TYPE.reception);
    expect(state.values).toMatchObject({ origin: "", load_empty: null, load_type: null });
    expect(state.values).not.toHaveProperty("destination");
    expect(valuesToSave(state)).toMatchObject({ client: null, shipper: null });
  });
});
