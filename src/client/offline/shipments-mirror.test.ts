import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../shared/constants";
import type { Expedition, Reception } from "../../shared/contract/shipments";
import { expeditionRow } from "../test-rows";
import { db, YardlineDb } from "./db";
import { listPageKey, readListPage } from "./list-pages";
import {
  compareShipments,
  mirroredClients,
  putShipment,
  readLocalShipmentsPage,
  SHIPMENT_RESOURCE,
  type ShipmentScope,
  shipmentMatcher,
  writeShipmentsPage,
} from "./shipments-mirror";

const COMPANY = 7;
const EXP: ShipmentScope = { type: SHIPMENT_TYPE.expedition, companyCode: null };
const KL: ShipmentScope = { type: SHIPMENT_TYPE.expedition, companyCode: "kl" };

const expedition = (id: number, overrides: Partial<Expedition> = {}) =>
  expeditionRow(id, { company: COMPANY, ...overrides });

function reception(id: number, overrides: Partial<Reception> = {}): Reception {
  const { destination: _d, type: _t, ...rest } = expedition(id);
  return {
    ...rest,
    type: SHIPMENT_TYPE.reception,
    origin: "Porto",
    load_empty: null,
    load_type: null,
    ...overrides,
  };
}

beforeEach(async () => {
  await db.shipments.clear();
  await db.listPages.clear();
  await db.meta.clear();
});

afterAll(() => db.close());

describe("shipmentMatcher", () => {
  it("filters by code, client, status and type", () => {
    const match = shipmentMatcher(EXP, { code: "dn-1", client: [2], status: [998] });
    expect(match(expedition(1))).toBe(true);
    expect(match(expedition(2))).toBe(false);
    expect(match(expedition(12))).toBe(false);
    expect(match(expedition(1, { status: { id: 10, description: "ready", color: "" } }))).toBe(
      false,
    );
    expect(shipmentMatcher(EXP, {})(reception(1))).toBe(false);
  });

  it("search: delivery note, route plate or the truck's plate (plates without spaces or hyphens)", () => {
    const truck = { id: 3, name: "Ana", phone: null, plate: "1234ABC" };
    const rows = [
      expedition(1, { code: "ALB-77" }),
      expedition(2, { route_plate: "9999 XYZ" }),
      expedition(3, { shipper: truck }),
      expedition(4),
    ];
    const found = (search: string) =>
      rows.filter(shipmentMatcher(EXP, { search })).map((row) => row.id);
    expect(found("alb-77")).toEqual([1]);
    expect(found("9999 x")).toEqual([2]);
    expect(found("1234-abc")).toEqual([3]);
    expect(found("34 ab")).toEqual([3]);
    expect(found("nothing")).toEqual([]);
  });

  it("kl hides issued expeditions unless show_issued or the status filter names 3", () => {
    const issued = expedition(1, { status: { id: 3, description: "dispached", color: "" } });
    expect(shipmentMatcher(KL, {})(issued)).toBe(false);
    expect(shipmentMatcher(KL, { show_issued: true })(issued)).toBe(true);
    expect(shipmentMatcher(KL, { status: [3] })(issued)).toBe(true);
    expect(shipmentMatcher(EXP, {})(issued)).toBe(true);
  });

  it("origin applies to receptions only", () => {
    const scope: ShipmentScope = { type: SHIPMENT_TYPE.reception, companyCode: null };
    expect(shipmentMatcher(scope, { origin: "port" })(reception(1))).toBe(true);
    expect(shipmentMatcher(scope, { origin: "lisboa" })(reception(1))).toBe(false);
  });

  it("orders by booked date then id", () => {
    const a = expedition(1);
    const b = expedition(2);
    const c = expedition(3, { booked_date: a.booked_date });
    expect([b, c, a].sort(compareShipments).map((row) => row.id)).toEqual([1, 3, 2]);
  });
});

describe("shipments mirror", () => {
  it("writes a page and reads it back locally", async () => {
    const rows = [1, 2, 3].map((id) => expedition(id));
    await writeShipmentsPage(COMPANY, EXP, {}, 1, 10, { count: 3, results: rows });
    const record = await readListPage(listPageKey(COMPANY, SHIPMENT_RESOURCE[1], {}, 1));
    expect(record?.ids).toEqual([1, 2, 3]);
    const local = await readLocalShipmentsPage(COMPANY, EXP, { client: [2] }, 1, 10);
    expect(local.rows.map((row) => row.id)).toEqual([1, 3]);
    expect(await mirroredClients(COMPANY, SHIPMENT_TYPE.expedition)).toEqual([
      { id: 1, description: "ACME" },
      { id: 2, description: "BETA" },
    ]);
  });

  it("removes rows the page proves gone and keeps newer versions", async () => {
    await putShipment(expedition(1));
    await putShipment(expedition(2, { version: 5 }));
    await writeShipmentsPage(COMPANY, EXP, {}, 1, 10, {
      count: 1,
      results: [expedition(2, { version: 3, code: "OLD" })],
    });
    expect(await db.shipments.get(1)).toBeUndefined();
    expect((await db.shipments.get(2))?.version).toBe(5);
    await putShipment(expedition(2, { version: 1, code: "REVERT" }), true);
    expect((await db.shipments.get(2))?.code).toBe("REVERT");
  });
});

describe("schema upgrade", () => {
  it("version 2 keeps the version-1 trucks and outbox", async () => {
    const name = "yardline-upgrade-test";
    const v1 = new Dexie(name);
    v1.version(1).stores({
      meta: "key",
      trucks: "id, company, plate, name, register_date, [company+register_date]",
      outbox: "++seq, mutationId, entity, entityId, createdAt",
      listPages: "key, [company+resource], fetchedAt",
    });
    await v1.table("trucks").put({ id: 1, company: COMPANY, plate: "1234BCD", name: "T" });
    await v1.table("outbox").add({ mutationId: "m1", entity: "shipment", entityId: 1 });
    v1.close();
    const v2 = new YardlineDb(name);
    expect(await v2.trucks.count()).toBe(1);
    expect(await v2.outbox.count()).toBe(1);
    await v2.shipments.put(expedition(1));
    expect(await v2.shipments.count()).toBe(1);
    v2.close();
    await Dexie.delete(name);
  });
});
