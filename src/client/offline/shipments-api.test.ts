import { describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../shared/constants";
import { shipmentSearchParams } from "./shipments-api";

describe("shipmentSearchParams", () => {
  it("repeats client and status, drops empty values, sends origin for receptions only", () => {
    const filters = { code: " DN ", client: [1, 2], status: [3], origin: "Porto", route_plate: "" };
    const expedition = shipmentSearchParams(SHIPMENT_TYPE.expedition, filters, 2, 10);
    expect(expedition.getAll("client")).toEqual(["1", "2"]);
    expect(expedition.getAll("status")).toEqual(["3"]);
    expect(expedition.get("code")).toBe("DN");
    expect(expedition.get("page")).toBe("2");
    expect(expedition.get("page_size")).toBe("10");
    expect(expedition.has("origin")).toBe(false);
    expect(expedition.has("route_plate")).toBe(false);
    const reception = shipmentSearchParams(SHIPMENT_TYPE.reception, filters, 1, 10);
    expect(reception.get("origin")).toBe("Porto");
  });

  it("sends day bounds and show_issued", () => {
    const params = shipmentSearchParams(
      SHIPMENT_TYPE.expedition,
      { booked_date_after: "2024-05-10", booked_date_before: "2024-05-11", show_issued: true },
      1,
      10,
    );
    expect(params.get("booked_date_after")).toMatch(/^2024-05-10T00:00[+-]\d{2}:\d{2}$/);
    expect(params.get("booked_date_before")).toMatch(/^2024-05-11T23:59[+-]\d{2}:\d{2}$/);
    expect(params.get("show_issued")).toBe("true");
  });
});
