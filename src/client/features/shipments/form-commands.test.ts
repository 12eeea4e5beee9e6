import { i18n } from "@lingui/core";
import { beforeEach, describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { Shipment } from "../../../shared/contract/shipments";
import { db } from "../../offline/db";
import { type Author, enqueue, idsWithPendingChanges } from "../../offline/outbox";
import { acknowledge, refuse } from "../../offline/replay-outcome";
import { readCreatedShipments } from "../../offline/shipments-mirror";
import { expeditionRow } from "../../test-rows";
import { statusCommand } from "./commands";
import { queueShipmentCreation, queueShipmentEdit } from "./form-commands";

const AUTHOR: Author = { userId: 3, username: "office", company: "7" };
const UID = "3f0b8a52-1c9e-4c41-9d7e-5d0c2f6b1a01";
const ACME = { id: 1, description: "ACME" };
const TRUCK = { id: 41, name: "TRANSPORTES 41", phone: null, plate: "1234BCD" };
const EXPEDITIONS = { type: SHIPMENT_TYPE.expedition, companyCode: null };

beforeEach(async () => {
  await Promise.all([db.shipments.clear(), db.outbox.clear(), db.syncIssues.clear()]);
});

describe("queueShipmentCreation", () => {
  it("queues a PUT to the uid and lists the line at once under a negative id", async () => {
    const id = await queueShipmentCreation(
      SHIPMENT_TYPE.expedition,
      UID,
      {
        code: "ALB-9",
        booked_date: "2026-11-24T08:30:00",
        client: 1,
        shipper: 41,
        client_notes: "ring\nthe bell",
      },
      { client: ACME, shipper: TRUCK },
      AUTHOR,
      new Date("2026-11-23T23:00:00Z"),
    );
    expect(id).toBeLessThan(0);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      op: "create",
      method: "PUT",
      path: `api/expedition/uid/${UID}`,
      entityKey: `shipment:${UID}`,
      baseVersion: null,
      summary: { label: "ALB-9", field: "create", to: "ACME" },
    });
    expect(await db.shipments.get(id)).toMatchObject({
      uid: UID,
      company: 7,
      type: 1,
      code: "ALB-9",
      booked_date: "2026-11-24T08:30:00.000Z",
      client: ACME,
      shipper: TRUCK,
      client_notes: "ring the bell",
      status: { id: 998, description: "in_preparation" },
      user: 3,
      version: 0,
    });
    const listed = await readCreatedShipments(7, EXPEDITIONS, { code: "alb-9" });
    expect(listed.map((row) => row.id)).toEqual([id]);
    // The list marks it as waiting for the server.
    expect(await idsWithPendingChanges("shipment", [id, 5])).toEqual(new Set([id]));
    expect(await readCreatedShipments(7, EXPEDITIONS, { code: "other" })).toEqual([]);
  });

  it("a reception starts in 999 unless the body names a status", async () => {
    const first = await queueShipmentCreation(
      SHIPMENT_TYPE.reception,
      UID,
      { booked_date: "2026-11-24T08:30:00Z", client: 1, origin: "Vigo" },
      { client: ACME },
      AUTHOR,
    );
    const second = await queueShipmentCreation(
      SHIPMENT_TYPE.reception,
      "3f0b8a52-1c9e-4c41-9d7e-5d0c2f6b1a02",
      { booked_date: "2026-11-24T08:30:00Z", client: 1, status: 5 },
      { client: ACME },
      AUTHOR,
    );
    expect(await db.shipments.get(first)).toMatchObject({ status: { id: 999 }, origin: "Vigo" });
    expect(await db.shipments.get(second)).toMatchObject({ status: { id: 5 } });
  });
});

describe("queueShipmentEdit", () => {
  const row: Shipment = expeditionRow(5, { version: 4, client_notes: "old", packages: 2 });

  beforeEach(async () => {
    await db.shipments.put(row);
  });

  it("sends only the changed fields on the form's version, with their base values", async () => {
    const key = await queueShipmentEdit(
      row,
      { client_notes: "new", packages: 2, shipper: 41, code: row.code },
      { shipper: TRUCK },
      AUTHOR,
    );
    expect(key).toEqual(expect.any(String));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      op: "update",
      method: "PUT",
      path: "api/expedition/5",
      body: { client_notes: "new", shipper: 41 },
      changes: { client_notes: "new", shipper: TRUCK },
      previous: { client_notes: "old", shipper: null },
      baseValues: { client_notes: "old", shipper: null },
      baseVersion: 4,
      summary: { label: "DN-5", field: "edit", to: "Client notes, Truck" },
    });
    expect(await db.shipments.get(5)).toMatchObject({ client_notes: "new", shipper: TRUCK });
  });

  it("keeps If-Match on the form's version when the mirror moved on meanwhile", async () => {
    await db.shipments.put({ ...row, version: 6, company_notes: "theirs" });
    await queueShipmentEdit(row, { packages: 3 }, {}, AUTHOR);
    expect((await db.outbox.toArray())[0]?.baseVersion).toBe(4);
  });

  it("queues nothing when nothing changed", async () => {
    expect(await queueShipmentEdit(row, { packages: 2, urgent: false }, {}, AUTHOR)).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it("a cleared field is a change (null or empty text)", async () => {
    const truckRow = { ...row, shipper: TRUCK, action_date: "2026-11-24T10:00:00.000Z" };
    await queueShipmentEdit(
      truckRow,
      { shipper: null, action_date: null, client_notes: "" },
      {},
      AUTHOR,
    );
    expect((await db.outbox.toArray())[0]?.body).toEqual({
      shipper: null,
      action_date: null,
      client_notes: "",
    });
  });
});

describe("a line edited while its creation waits", () => {
  async function createAndEdit() {
    const id = await queueShipmentCreation(
      SHIPMENT_TYPE.expedition,
      UID,
      { code: "ALB-10", booked_date: "2026-11-24T08:30:00Z", client: 1 },
      { client: ACME },
      AUTHOR,
    );
    const local = (await db.shipments.get(id)) as Shipment;
    await queueShipmentEdit(local, { packages: 7 }, {}, AUTHOR);
    return id;
  }

  it("queues behind the creation and moves to the server's id once it is answered", async () => {
    const id = await createAndEdit();
    const [creation, edit] = await db.outbox.orderBy("seq").toArray();
    expect(edit).toMatchObject({ entityKey: `shipment:${UID}`, baseVersion: null });
    expect(await db.shipments.get(id)).toMatchObject({ packages: 7 });
    const answer = {
      ...((await db.shipments.get(id)) as Shipment),
      id: 80,
      version: 1,
      packages: null,
    };
    await acknowledge(creation as NonNullable<typeof creation>, answer);
    const [moved] = await db.outbox.toArray();
    expect(moved).toMatchObject({
      entityId: 80,
      entityKey: "shipment:80",
      path: "api/expedition/80",
      baseVersion: 1,
    });
    expect(await db.shipments.get(id)).toBeUndefined();
    expect(await db.shipments.get(80)).toMatchObject({ packages: 7, version: 1 });
  });

  it("a status change in the list of a line still being created queues behind it too", async () => {
    const id = await createAndEdit();
    const local = (await db.shipments.get(id)) as Shipment;
    await enqueue(statusCommand(local, 10, i18n), AUTHOR);
    const [creation, , status] = await db.outbox.orderBy("seq").toArray();
    expect(status).toMatchObject({ entityKey: `shipment:${UID}`, baseVersion: null });
    const answer = { ...local, id: 81, version: 1 };
    await acknowledge(creation as NonNullable<typeof creation>, answer);
    const moved = await db.outbox.orderBy("seq").toArray();
    expect(moved.map((entry) => [entry.path, entry.entityKey, entry.baseVersion])).toEqual([
      ["api/expedition/81", "shipment:81", 1],
      ["api/expedition/81", "shipment:81", 1],
    ]);
    expect(await db.shipments.get(81)).toMatchObject({ packages: 7, status: { id: 10 } });
  });

  it("a refused creation takes its edits into the sync issue", async () => {
    const id = await createAndEdit();
    const [creation] = await db.outbox.orderBy("seq").toArray();
    const refusal = { status: 400, code: "validation_error", message: "bad" };
    const issue = await refuse(creation as NonNullable<typeof creation>, refusal, null, null);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shipments.get(id)).toBeUndefined();
    expect(issue?.body).toMatchObject({ code: "ALB-10", packages: 7 });
    expect(issue?.changes).toMatchObject({ id, packages: 7 });
  });
});

describe("a form left open on a waiting line across its creation's outcome", () => {
  async function openOnWaitingLine() {
    const id = await queueShipmentCreation(
      SHIPMENT_TYPE.expedition,
      UID,
      { code: "ALB-11", booked_date: "2026-11-24T08:30:00Z", client: 1 },
      { client: ACME },
      AUTHOR,
    );
    const shown = (await db.shipments.get(id)) as Shipment;
    const [creation] = await db.outbox.toArray();
    return { shown, creation: creation as NonNullable<typeof creation> };
  }

  it("answered meanwhile: the edit goes to the server's line, on the answer's version", async () => {
    const { shown, creation } = await openOnWaitingLine();
    await acknowledge(creation, { ...shown, id: 82, version: 1 });
    await queueShipmentEdit(shown, { packages: 3 }, {}, AUTHOR);
    const [edit] = await db.outbox.toArray();
    expect(edit).toMatchObject({
      entityId: 82,
      entityKey: "shipment:82",
      path: "api/expedition/82",
      baseVersion: 1,
    });
    expect(await db.shipments.get(shown.id)).toBeUndefined();
    expect(await db.shipments.get(82)).toMatchObject({ packages: 3 });
  });

  it("refused meanwhile: nothing is queued, the edit joins the creation's sync issue", async () => {
    const { shown, creation } = await openOnWaitingLine();
    await refuse(creation, { status: 400, code: "validation_error", message: "bad" }, null, null);
    await queueShipmentEdit(shown, { packages: 4 }, {}, AUTHOR);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shipments.count()).toBe(0);
    const issues = await db.syncIssues.toArray();
    expect(issues.map((issue) => [issue.op, issue.entityId, issue.body?.packages])).toEqual([
      ["create", UID, 4],
    ]);
  });
});

describe("two queued changes of a line refused while the server cannot be read", () => {
  it("the second one's revert brings back the server's value, not the first one's refused value", async () => {
    const line = expeditionRow(90, { version: 3 });
    await db.shipments.put(line);
    await enqueue(statusCommand(line, 10, i18n), AUTHOR);
    await enqueue(statusCommand((await db.shipments.get(90)) as Shipment, 4, i18n), AUTHOR);
    const refusal = { status: 400, code: "validation_error", message: "bad" };
    const [first] = await db.outbox.orderBy("seq").toArray();
    await refuse(first as NonNullable<typeof first>, refusal, null, null);
    expect((await db.shipments.get(90))?.status.id).toBe(4);
    const [second] = await db.outbox.orderBy("seq").toArray();
    await refuse(second as NonNullable<typeof second>, refusal, null, null);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.shipments.get(90))?.status.id).toBe(line.status.id);
    expect(await db.syncIssues.count()).toBe(2);
  });
});
