import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { REASONS, STATUS, STATUSES } from "../../shared/contract/status";
import { timingClass } from "../../shared/shipment-timing";
import { DEMO_COMPANIES } from "./demo-data";
import { DEMO_SHIPMENTS_PER_TYPE, type DemoShipmentContext, demoShipments } from "./demo-shipments";

const companyIds = new Map(DEMO_COMPANIES.map((company, index) => [company.name, index + 1]));
const context: DemoShipmentContext = {
  companyIds,
  clientIds: new Map(
    DEMO_COMPANIES.map((company, index) => [company.name, [index * 10 + 1, index * 10 + 2]]),
  ),
  truckIds: new Map(
    DEMO_COMPANIES.map((company, index) => [
      company.name,
      [index * 100 + 1, index * 100 + 2, index * 100 + 3],
    ]),
  ),
  reasonIds: new Map(
    REASONS.map((reason, index) => [`${reason.status}:${reason.code}`, index + 1]),
  ),
  userId: 7,
};

describe("demoShipments", () => {
  for (const hour of [1, 9, 14, 23]) {
    const now = DateTime.local(2031, 5, 10, hour, 17).toJSDate();
    const lines = demoShipments(context, now);

    it(`at ${hour}:17 gives each company ${DEMO_SHIPMENTS_PER_TYPE} of each type, every status`, () => {
      for (const [name, companyId] of companyIds) {
        for (const type of [1, 2]) {
          const mine = lines.filter((l) => l.row.companyId === companyId && l.row.type === type);
          expect(mine, `${name} ${type}`).toHaveLength(DEMO_SHIPMENTS_PER_TYPE);
          const statuses = new Set(mine.map((l) => l.row.statusId));
          // bw's attention_req is applied on the device only: no saved line holds it.
          const expected = STATUSES.filter(
            (s) => s.type === type && s.id !== STATUS.attentionReq,
          ).map((s) => s.id);
          expect([...statuses].sort(), `${name} ${type}`).toEqual([...expected].sort());
        }
      }
    });

    it(`at ${hour}:17 books from yesterday to a week from today, 06:00-21:00`, () => {
      const today = DateTime.fromJSDate(now).startOf("day");
      for (const { row } of lines) {
        const booked = DateTime.fromJSDate(row.bookedDate as Date);
        expect(booked >= today.minus({ days: 1 })).toBe(true);
        expect(booked < today.plus({ days: 8 })).toBe(true);
        expect(booked.hour * 60 + booked.minute).toBeGreaterThanOrEqual(360);
        expect(booked.hour * 60 + booked.minute).toBeLessThanOrEqual(21 * 60);
        if (row.arrivalDate)
          expect((row.arrivalDate as Date).getTime()).toBeLessThanOrEqual(now.getTime());
      }
    });
  }

  const now = DateTime.local(2031, 5, 10, 11, 0).toJSDate();
  const lines = demoShipments(context, now);

  it("is the same for the same now", () => {
    expect(demoShipments(context, now)).toEqual(lines);
  });

  it("gives reasons only where the status has them, and keeps history for changed lines", () => {
    for (const { row, history } of lines) {
      const codes = REASONS.filter((reason) => reason.status === row.statusId);
      if (codes.length === 0) expect(row.reasonId).toBeNull();
      const initial = row.type === 1 ? 998 : 999;
      if (row.statusId === initial) expect(history).toBeNull();
      else {
        expect(history?.modifiedFields).toMatchObject({
          status: { old: initial, new: row.statusId },
        });
        expect(history?.created).toBeInstanceOf(Date);
        expect(Number(history?.created)).toBeLessThanOrEqual(now.getTime());
      }
    }
    expect(lines.some((l) => l.row.reasonId !== null)).toBe(true);
  });

  it("uses every client, trucks, urgent receptions, notes; trw fields only for trw", () => {
    const clients = new Set(lines.map((l) => l.row.clientId));
    for (const ids of context.clientIds.values())
      for (const id of ids) expect(clients).toContain(id);
    expect(lines.filter((l) => l.row.shipperId !== null).length).toBeGreaterThan(50);
    expect(lines.filter((l) => l.row.type === 2 && l.row.urgent).length).toBeGreaterThan(10);
    expect(lines.filter((l) => l.row.clientNotes !== "").length).toBeGreaterThan(20);
    const trwIds = DEMO_COMPANIES.filter((c) => c.isTrw).map((c) => companyIds.get(c.name));
    for (const { row } of lines) {
      if (!trwIds.includes(row.companyId)) {
        expect(row.routePlate).toBe("");
        expect(row.loadEmpty).toBeNull();
      }
    }
    expect(lines.some((l) => l.row.type === 1 && l.row.routePlate !== "")).toBe(true);
  });

  it("has early, on-time and late arrivals and lines that never came", () => {
    const classes = new Set(
      lines.map(({ row }) =>
        timingClass(
          {
            booked_date: row.bookedDate as Date,
            arrival_date: (row.arrivalDate as Date | null) ?? null,
          },
          now,
        ),
      ),
    );
    expect([...classes].sort()).toEqual(["delay", "forward", "in_time"]);
  });

  it("gives today's lines waiting for a truck docks, and leaves a few for the gate to tell", () => {
    const today = DateTime.fromJSDate(now).startOf("day");
    for (const companyId of companyIds.values()) {
      const waiting = lines.filter(
        ({ row }) =>
          row.companyId === companyId &&
          row.shipperId === null &&
          DateTime.fromJSDate(row.bookedDate as Date).hasSame(today, "day"),
      );
      const docked = waiting.filter(({ row }) => row.dock !== "");
      expect(docked.length, `company ${companyId}`).toBeGreaterThan(waiting.length / 2);
      for (const { row } of docked) expect(row.dock).toMatch(/^D\d{2}$/);
    }
    const undocked = lines.filter(({ row }) => row.dock === "" && row.shipperId === null);
    expect(undocked.some(({ row }) => row.warehouse !== "")).toBe(true);
    expect(undocked.some(({ row }) => row.warehouse === "")).toBe(true);
    for (const { row } of lines) if (row.shipperId !== null) expect(row.dock).not.toBe("");
  });
});
