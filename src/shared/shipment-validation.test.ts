import { describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "./constants";
import { missesMandatory, shipmentFieldErrors } from "./shipment-validation";

const complete = {
  code: "DN-1",
  client: 3,
  booked_date: "2026-11-24T08:00:00Z",
  destination: "Madrid",
  origin: "Lisboa",
};
const expedition = { type: SHIPMENT_TYPE.expedition, isTrw: false, userType: "default" } as const;
const trwReception = { type: SHIPMENT_TYPE.reception, isTrw: true, userType: "default" } as const;

describe("shipmentFieldErrors", () => {
  it("accepts a complete line", () => {
    expect(shipmentFieldErrors(complete, expedition)).toEqual({});
    expect(shipmentFieldErrors(complete, trwReception)).toEqual({});
  });

  it("requires the delivery note outside trw companies only", () => {
    const noCode = { ...complete, code: "  " };
    expect(shipmentFieldErrors(noCode, expedition)).toEqual({ code: [{ code: "required" }] });
    expect(shipmentFieldErrors(noCode, trwReception)).toEqual({});
  });

  it("requires client and booked date everywhere", () => {
    const errors = shipmentFieldErrors(
      { ...complete, client: null, booked_date: undefined },
      trwReception,
    );
    expect(errors).toEqual({ client: [{ code: "required" }], booked_date: [{ code: "required" }] });
    expect(missesMandatory(errors)).toBe(true);
  });

  it("requires the place of the line's type in trw companies", () => {
    expect(shipmentFieldErrors({ ...complete, origin: "" }, trwReception)).toEqual({
      origin: [{ code: "required" }],
    });
    expect(shipmentFieldErrors({ ...complete, origin: "" }, expedition)).toEqual({});
    expect(
      shipmentFieldErrors(
        { ...complete, destination: "" },
        { ...trwReception, type: SHIPMENT_TYPE.expedition },
      ),
    ).toEqual({ destination: [{ code: "required" }] });
  });

  it("refuses negative packages and, for user type mexico, a weight of 0", () => {
    expect(shipmentFieldErrors({ ...complete, packages: -1 }, expedition)).toEqual({
      packages: [{ code: "too_small", min: 0 }],
    });
    const errors = shipmentFieldErrors(
      { ...complete, weight: 0 },
      { ...expedition, userType: "mexico" },
    );
    expect(errors).toEqual({ weight: [{ code: "not_zero" }] });
    expect(missesMandatory(errors)).toBe(false);
    expect(shipmentFieldErrors({ ...complete, weight: 0 }, expedition)).toEqual({});
    expect(
      shipmentFieldErrors({ ...complete, weight: null }, { ...expedition, userType: "mexico" }),
    ).toEqual({});
  });
});
