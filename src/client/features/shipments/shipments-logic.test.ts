import { describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import { parseSearch } from "../../ui/list/url-search";
import { effectiveFilters, statusChoices } from "./shipments-page";
import { ShipmentsSearch } from "./shipments-search";

describe("ShipmentsSearch", () => {
  it("reads id lists from arrays, numbers and comma lists; drops bad values", () => {
    expect(parseSearch(ShipmentsSearch, { status: [1, "3", "x"], client: "4,5" })).toMatchObject({
      status: [1, 3],
      client: [4, 5],
    });
    expect(parseSearch(ShipmentsSearch, { status: 7 }).status).toEqual([7]);
    expect(parseSearch(ShipmentsSearch, { booked_date_after: "nope" }).booked_date_after).toBe(
      undefined,
    );
    expect(parseSearch(ShipmentsSearch, { show_issued: true }).show_issued).toBe(true);
  });
});

describe("effectiveFilters", () => {
  it("a client-limited user filters by their clients by default", () => {
    expect(effectiveFilters({}, [4, 5]).client).toEqual([4, 5]);
    expect(effectiveFilters({ client: [5, 9] }, [4, 5]).client).toEqual([5]);
    expect(effectiveFilters({ client: [9] }, []).client).toEqual([9]);
  });
});

describe("statusChoices", () => {
  it("kl hides issued unless shown; bw drops 11 and 4 and reorders", () => {
    const ids = (code: string | null, show = false) =>
      statusChoices(SHIPMENT_TYPE.expedition, code, show).map((status) => status.id);
    expect(ids("kl")).not.toContain(3);
    expect(ids("kl", true)).toContain(3);
    expect(ids("bw").slice(0, 5)).toEqual([998, 10, 1, 3, 2]);
    expect(ids("bw")).not.toContain(11);
    expect(statusChoices(SHIPMENT_TYPE.reception, null, false).map((s) => s.id)).toContain(999);
  });
});
