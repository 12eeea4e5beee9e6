import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BW } from "../../../db/demo-data";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";

/**
 * The plate rule of the shared contract (letters of any script and digits, after removing
 * spaces and hyphens) on every write, with a field code the client translates.
 */
let t: TestApp;
let office: Caller;

beforeAll(async () => {
  t = await createTestApp();
  office = await callerFor(t, "office", await t.companyId(BW));
});
afterAll(async () => {
  await t?.close();
});

const invalidCharacters = {
  code: "validation_error",
  fields: { plate: ["Plate may only contain letters and digits"] },
  field_codes: { plate: [{ code: "invalid_characters" }] },
};

describe("plate characters", () => {
  it("refuses a plate of emoji with 400 and field code invalid_characters", async () => {
    const response = await office("POST", "/api/shipper", { plate: "🚚🚚", name: "Emoji" });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject(invalidCharacters);
  });

  it("refuses symbols on PUT and PATCH too, and keeps the stored plate", async () => {
    const truck = await office.create({ plate: uniquePlate("CHR"), name: "Symbols" });
    const put = await office("PUT", `/api/shipper/${truck.id}`, { plate: "AB#12", name: "X" });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json()).toMatchObject(invalidCharacters);
    const patch = await office("PATCH", `/api/shipper/${truck.id}`, { plate: "12🚚34" });
    expect(patch.statusCode, patch.body).toBe(400);
    expect(patch.json()).toMatchObject(invalidCharacters);
    const stored = await office("GET", `/api/shipper/${truck.id}`);
    expect(stored.json().plate).toBe(truck.plate);
  });

  it("accepts letters of other scripts and digits", async () => {
    const truck = await office.create({ plate: "Е 777-КХ", name: "Cyrillic" });
    // Kept as typed, upper case (issue 25).
    expect(truck.plate).toBe("Е 777-КХ");
  });
});
