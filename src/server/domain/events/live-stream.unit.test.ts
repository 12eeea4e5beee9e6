import { describe, expect, it } from "vitest";
import type { ChangeNotice } from "./change-notice";
import { changeFor, type Viewer } from "./live-stream";

const office: Viewer = { companyId: 1, clientIds: [], types: [1, 2] };
const client: Viewer = { companyId: 1, clientIds: [5, 6], types: [1, 2] };
const receptionsOnly: Viewer = { companyId: 1, clientIds: [], types: [2] };
const guard: Viewer = { companyId: 1, clientIds: [], types: [] };

const shipment = (overrides: Partial<ChangeNotice> = {}): ChangeNotice => ({
  company: 1,
  entity: "shipment",
  ids: [10, 11],
  clients: [5, 7],
  types: [1],
  ...overrides,
});

describe("changeFor", () => {
  it("tells nothing of another company", () => {
    expect(changeFor(office, shipment({ company: 2 }))).toBeNull();
    expect(changeFor(office, { company: 2, entity: "shipper", ids: [1] })).toBeNull();
  });

  it("tells every member about trucks, with ids (empty when too many to list)", () => {
    expect(changeFor(guard, { company: 1, entity: "shipper", ids: [3] })).toEqual({
      entity: "shipper",
      ids: [3],
    });
    expect(changeFor(client, { company: 1, entity: "shipper", ids: null })).toEqual({
      entity: "shipper",
      ids: [],
    });
  });

  it("tells shipments only to those who see the type", () => {
    expect(changeFor(office, shipment())).toEqual({ entity: "shipment", ids: [10, 11] });
    expect(changeFor(receptionsOnly, shipment())).toBeNull();
    expect(changeFor(receptionsOnly, shipment({ types: [1, 2] }))).not.toBeNull();
    expect(changeFor(guard, shipment())).toBeNull();
    expect(changeFor(guard, shipment({ types: undefined }))).toBeNull();
  });

  it("tells a client user only of their clients' lines, without ids", () => {
    expect(changeFor(client, shipment())).toEqual({ entity: "shipment", ids: [] });
    expect(changeFor(client, shipment({ clients: [7] }))).toBeNull();
    expect(changeFor(client, shipment({ clients: [] }))).toBeNull();
    // Too many clients to list: maybe theirs.
    expect(changeFor(client, shipment({ clients: null }))).toEqual({ entity: "shipment", ids: [] });
  });
});
