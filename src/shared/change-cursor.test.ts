import { describe, expect, it } from "vitest";
import { type Cursor, formatCursor, parseCursor } from "./change-cursor";
import { ChangesQuery } from "./contract/changes";

describe("change cursor", () => {
  it.each<Cursor>([
    { kind: "changes", after: { xid: 0n, entity: "", id: 0 } },
    { kind: "changes", after: { xid: 18_446_744_073_709_551_615n, entity: "", id: 0 } },
    { kind: "changes", after: { xid: 742n, entity: "shipment", id: 12 } },
    { kind: "full", below: 900n, after: { entity: "shipper", id: 2_147_483_647 } },
    { kind: "full", below: 900n, after: { entity: "critical_line", id: 4 } },
    {
      kind: "full",
      below: 18_446_744_073_709_551_615n,
      after: { entity: "shipment", type: 2, booked: "2026-11-28T06:30:00.123456Z", id: 17 },
    },
  ])("round-trips %o", (cursor) => {
    expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
  });

  it("writes the documented forms", () => {
    expect(formatCursor({ kind: "changes", after: { xid: 5n, entity: "", id: 0 } })).toBe("c.5");
    expect(formatCursor({ kind: "full", below: 9n, after: { entity: "shipper", id: 3 } })).toBe(
      "f.9.shipper.3",
    );
    expect(
      formatCursor({
        kind: "full",
        below: 9n,
        after: { entity: "shipment", type: 1, booked: "2026-11-28T06:00:00.000000Z", id: 3 },
      }),
    ).toBe("f.9.shipment.1.2026-11-28T06:00:00.000000Z.3");
  });

  it.each([
    "",
    "c",
    "c.",
    "c.-1",
    "c.1.2",
    "c.1.truck.2",
    "f.1",
    "f.1.2",
    "c.18446744073709551616",
    "f.18446744073709551616.1.shipment.1",
    "c.1.shipment.2147483648",
    // A full run's cursor from before its rows were listed by index (a device then starts again).
    "f.9.5.shipper.3",
    "f.9.shipment.3",
    "f.9.shipment.3.2026-11-28T06:00:00.000000Z.3",
    "f.9.shipment.1.2026-11-28T06:00:00Z.3",
    "f.9.shipment.1.2026-02-30T06:00:00.000000Z.3",
    "f.9.shipment.1.2026-11-28T25:00:00.000000Z.3",
    "f.9.shipper.2147483648",
    " c.1",
  ])("refuses %j", (text) => {
    expect(parseCursor(text)).toBeUndefined();
    expect(ChangesQuery.safeParse({ since: text }).success).toBe(false);
  });

  it("defaults and bounds the limit", () => {
    expect(ChangesQuery.parse({})).toEqual({ limit: 1000 });
    expect(ChangesQuery.safeParse({ limit: "0" }).success).toBe(false);
    expect(ChangesQuery.safeParse({ limit: "1001" }).success).toBe(false);
  });
});
