import { msg } from "@lingui/core/macro";
import { afterAll, describe, expect, it } from "vitest";
import { reasonLabel, statusLabel } from "../ui/shipment-labels";
import { activateLocale, i18n } from "./i18n";
import { type LabelTable, labelOf, pickLabels } from "./labels";

afterAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

const TABLE: LabelTable<"client" | "road"> = { client: msg`Client`, road: msg`Bay` };

describe("label tables", () => {
  it("translates a known code and falls back for an unknown one", async () => {
    await activateLocale("mx");
    expect(labelOf(TABLE, "client")).toBe("SKU");
    expect(labelOf(TABLE, "road")).toBe("Bahía");
    expect(labelOf(TABLE, "dock_42")).toBe("dock_42");
    expect(labelOf(TABLE, "dock_42", i18n, "--")).toBe("--");
    // Names of Object.prototype are not labels.
    expect(labelOf(TABLE, "toString")).toBe("toString");
  });

  it("picks labels from a larger table and refuses a missing one", () => {
    expect(pickLabels(TABLE, ["road"])).toEqual({ road: TABLE.road });
    expect(() => pickLabels(TABLE, ["dock"])).toThrow("No label for dock");
  });

  it("names statuses and reasons by key, reasons also by code, else as the API sent them", async () => {
    await activateLocale("es");
    expect(statusLabel("in_preparation")).toBe(i18n._(msg`In preparation`));
    expect(statusLabel("brand_new")).toBe("brand_new");
    expect(reasonLabel({ name: "no_stock" })).toBe(i18n._(msg`Not enough stock`));
    expect(reasonLabel({ name: "", code: "no_stock" })).toBe(i18n._(msg`Not enough stock`));
    expect(reasonLabel({ name: "Stock gone", code: "x9" })).toBe("Stock gone");
    expect(reasonLabel({ name: "", code: "x9" })).toBe("x9");
  });
});
