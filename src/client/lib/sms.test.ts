import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { formatPhone, smsFailureOf } from "./sms";

describe("sms", () => {
  it("smsFailureOf reads the gateway's answer", () => {
    const sms = {
      id: 1,
      shipper: 1,
      shipment: null,
      to: "+34612345678",
      body: "hi",
      status: "failed",
      provider: "http",
      error: "Insufficient credit",
      gateway_status: 402,
      user: 1,
      created: "2024-01-01T00:00:00.000Z",
    };
    const error = new ApiError(502, { code: "sms_failed", message: "SMS failed", sms });
    expect(smsFailureOf(error)).toBe("Insufficient credit");
    expect(smsFailureOf(new ApiError(502, { code: "sms_failed", message: "Refused" }))).toBe(
      "Refused",
    );
    expect(smsFailureOf(new ApiError(409, { code: "sms_disabled", message: "Off" }))).toBeNull();
  });

  it("formatPhone shows an E.164 number in its international form", () => {
    expect(formatPhone("+34612345678")).toBe("+34 612 34 56 78");
    expect(formatPhone(null)).toBe("");
  });
});
