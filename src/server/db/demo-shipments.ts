import { DateTime } from "luxon";
import { SHIPMENT_TYPE } from "../../shared/constants";
import { DEFAULT_STATUS, REASONS, type ShipmentType } from "../../shared/contract/status";
import { DEMO_COMPANIES } from "./demo-data";
import { generator } from "./demo-trucks";
import type { NewHistoryRow, NewShipmentRow } from "./schema/shipments";

/**
 * Demo expeditions and receptions: DEMO_SHIPMENTS_PER_TYPE of each per demo company, booked
 * from yesterday to a week from today in the 06:00-21:00 window (DEMO_TODAY_LINES today), relative to `now` and the
 * same every time for a given `now` (seeded generator). Past lines are mostly loaded, sent or
 * received (some early, some late, some never arrived), near ones in progress, future ones
 * pending; every status of each type appears, incidences and delays carry reasons; every line
 * has a client of its company (so the client user's clients appear), many have a demo truck,
 * some receptions are urgent, trw companies fill their extra fields.
 */
export const DEMO_SHIPMENTS_PER_TYPE = 60;

const HOUR = 3_600_000;
const MINUTE = 60_000;

const DESTINATIONS = [
  "MADRID",
  "BARCELONA",
  "VALENCIA",
  "ZARAGOZA",
  "SEVILLA",
  "BILBAO",
  "LISBOA",
  "PORTO",
  "VIGO",
  "MONTERREY",
  "TOULOUSE",
  "LYON",
] as const;
const ORIGINS = [
  "PAMPLONA",
  "VALLADOLID",
  "BURGOS",
  "AVEIRO",
  "BRAGA",
  "MURCIA",
  "GIRONA",
  "SANTANDER",
  "QUERÉTARO",
  "STUTTGART",
] as const;
const CLIENT_NOTES = [
  "Call before arrival",
  "Deliver to gate B",
  "Fragile: keep upright",
  "Pallets must be wrapped",
  "Appointment confirmed by phone",
] as const;
const COMPANY_NOTES = [
  "Check seals",
  "Two pallets pending from yesterday",
  "Use dock with leveller",
  "Quality sample required",
  "Priority customer",
] as const;
const PALLET_NOTES = ["12 EUR pallets", "8 EUR + 2 US", "Mixed pallets", "No pallets"] as const;

type When = "past" | "now" | "future";

/** Lines booked yesterday, then today: a kiosk wall pages through today's (three pages). */
const YESTERDAY_LINES = 6;
export const DEMO_TODAY_LINES = 27;

/**
 * Day of line `index`, relative to today: the first YESTERDAY_LINES yesterday, the next
 * DEMO_TODAY_LINES today, the rest spread over the following seven days.
 */
function bookingDay(index: number): number {
  if (index < YESTERDAY_LINES) return -1;
  const later = index - YESTERDAY_LINES - DEMO_TODAY_LINES;
  if (later < 0) return 0;
  const remaining = DEMO_SHIPMENTS_PER_TYPE - YESTERDAY_LINES - DEMO_TODAY_LINES;
  return 1 + Math.floor((later / remaining) * 7);
}

/** Statuses by where the booking sits in time; ids of src/shared/contract/status.ts. */
const BY_TIME: Record<ShipmentType, Record<When, readonly number[]>> = {
  [SHIPMENT_TYPE.expedition]: {
    past: [2, 2, 2, 3, 3, 1, 4, 7, 11],
    now: [1, 10, 10, 998, 7],
    future: [998, 998, 998, 10, 11],
  },
  [SHIPMENT_TYPE.reception]: {
    past: [6, 6, 6, 5, 8, 12, 9],
    now: [5, 999, 999, 12],
    future: [999, 999, 999, 999, 9],
  },
};

/** Statuses of trucks that have come (arrival set). */
const ARRIVED = new Set([1, 3, 2, 4, 5, 6, 8]);
/** Statuses of lines that were loaded or unloaded (action date set). */
const ACTED = new Set([3, 2, 6]);

export interface DemoShipmentContext {
  companyIds: ReadonlyMap<string, number>;
  /** Client ids of each company, by company name. */
  clientIds: ReadonlyMap<string, readonly number[]>;
  /** Truck ids of each company, by company name. */
  truckIds: ReadonlyMap<string, readonly number[]>;
  /** Reason id by `${statusId}:${code}`. */
  reasonIds: ReadonlyMap<string, number>;
  /** The user who books the lines and changes their statuses. */
  userId: number | null;
}

export interface DemoShipment {
  row: Omit<NewShipmentRow, "id">;
  /** History entry of the line's status change, when not in its default status. */
  history: Omit<NewHistoryRow, "shipmentId" | "id"> | null;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo shipments: unknown ${what}`);
  return value;
}

export function demoShipments(context: DemoShipmentContext, now: Date): DemoShipment[] {
  const today = DateTime.fromJSDate(now).startOf("day");
  return DEMO_COMPANIES.flatMap((company, companyIndex) => {
    const companyId = need(context.companyIds.get(company.name), company.name);
    const clientIds = need(context.clientIds.get(company.name), `clients of ${company.name}`);
    const truckIds = context.truckIds.get(company.name) ?? [];
    const random = generator(5000 + companyIndex);
    const pick = <T>(items: readonly T[]): T =>
      need(items[Math.floor(random() * items.length)], "");
    const chance = (p: number) => random() < p;
    // Docks draw from a stream of their own, so the other fields stay what they were.
    const dockRandom = generator(7000 + companyIndex);

    const lines: DemoShipment[] = [];
    for (const type of [SHIPMENT_TYPE.expedition, SHIPMENT_TYPE.reception] as const) {
      const planned: { index: number; booked: Date; when: When; statusId: number }[] = [];
      for (let index = 0; index < DEMO_SHIPMENTS_PER_TYPE; index++) {
        // Yesterday .. today + 7, one of the 31 half-hour slots from 06:00 to 21:00.
        const day = bookingDay(index);
        const slot = Math.floor(random() * 31);
        const booked = today.plus({ days: day, minutes: 360 + slot * 30 }).toJSDate();
        const offset = booked.getTime() - now.getTime();
        const when: When = offset < -2 * HOUR ? "past" : offset < 3 * HOUR ? "now" : "future";
        planned.push({ index, booked, when, statusId: pick(BY_TIME[type][when]) });
      }
      // Every status of the type appears: a missing one takes a line of a time it belongs to
      // whose status is not unique (or, failing that, any such line).
      const uses = (statusId: number) => planned.filter((each) => each.statusId === statusId);
      for (const [when, ids] of Object.entries(BY_TIME[type]) as [When, readonly number[]][]) {
        for (const statusId of ids) {
          if (uses(statusId).length > 0) continue;
          const spare = (each: (typeof planned)[number]) => uses(each.statusId).length > 1;
          const target =
            planned.find((each) => each.when === when && spare(each)) ?? planned.find(spare);
          if (target) target.statusId = statusId;
        }
      }
      for (const each of planned) lines.push(line(type, each.index, each.booked, each.statusId));
    }
    return lines;

    function line(type: ShipmentType, index: number, booked: Date, statusId: number): DemoShipment {
      const reasonCodes = REASONS.filter((reason) => reason.status === statusId);
      const reasonCode = reasonCodes.length > 0 && chance(0.85) ? pick(reasonCodes).code : null;
      const reasonId =
        reasonCode === null
          ? null
          : need(context.reasonIds.get(`${statusId}:${reasonCode}`), reasonCode);
      const past = booked.getTime() < now.getTime();
      // Arrival: early, on time or late for trucks that came; delayed ones come late or not.
      let arrivalDate: Date | null = null;
      if (ARRIVED.has(statusId) && past) {
        const minutes = pick([-45, -20, -10, -5, 0, 5, 10, 12, 30, 60]);
        arrivalDate = new Date(Math.min(booked.getTime() + minutes * MINUTE, now.getTime()));
      } else if ((statusId === 7 || statusId === 12) && past && chance(0.4)) {
        arrivalDate = new Date(Math.min(booked.getTime() + 50 * MINUTE, now.getTime()));
      } else if (!past && booked.getTime() - now.getTime() < 2 * HOUR && chance(0.5)) {
        arrivalDate = new Date(now.getTime() - 10 * MINUTE); // came early
      }
      const actionDate = ACTED.has(statusId)
        ? new Date(booked.getTime() + (30 + Math.floor(random() * 60)) * MINUTE)
        : null;
      const hasTruck = truckIds.length > 0 && (arrivalDate !== null || chance(0.3));
      const expedition = type === SHIPMENT_TYPE.expedition;
      const trw = company.isTrw;
      const sequence = String(1000 + index).padStart(5, "0");
      const row: Omit<NewShipmentRow, "id"> = {
        companyId,
        type,
        code: `${expedition ? "ALB" : "REC"}-${companyIndex + 1}${sequence}`,
        bookedDate: booked,
        actionDate,
        arrivalDate,
        clientId: pick(clientIds),
        place: expedition ? pick(DESTINATIONS) : pick(ORIGINS),
        clientNotes: chance(0.3) ? pick(CLIENT_NOTES) : "",
        companyNotes: chance(0.3) ? pick(COMPANY_NOTES) : "",
        road: chance(0.5) ? pick(["N", "S", "E", "W"]) : "",
        roadNumber: chance(0.5) ? String(1 + Math.floor(random() * 12)) : "",
        packages: 1 + Math.floor(random() * 33),
        shipperId: hasTruck ? pick(truckIds) : null,
        sharedId: trw && chance(0.4) ? `SH-${10000 + Math.floor(random() * 90000)}` : "",
        infoShipper: trw && chance(0.5) ? pick(["Tarde", "Mañana", "Doble conductor"]) : "",
        palletNotes: expedition && chance(0.4) ? pick(PALLET_NOTES) : "",
        routePlate: trw && expedition ? `RT-${100 + Math.floor(random() * 900)}` : "",
        urgent: expedition ? chance(0.05) : chance(0.2),
        statusId,
        reasonId,
        ownTruck: chance(0.1),
        groupage: chance(0.15),
        warehouse: chance(0.7) ? `W${1 + Math.floor(random() * 3)}` : "",
        dock: dockFor(booked, hasTruck),
        weight: chance(0.6) ? Math.round(random() * 2_400_000) / 100 : null,
        rruleStr:
          expedition && company.hasExpeditionsRrule && chance(0.05)
            ? "FREQ=WEEKLY;BYDAY=MO,WE,FR"
            : null,
        loadEmpty: !expedition && trw ? pick(["load", "empty"] as const) : null,
        loadType: !expedition && trw ? pick(["full", "not_full"] as const) : null,
        userId: context.userId,
        createdAt: new Date(Math.min(booked.getTime(), now.getTime()) - 2 * 24 * HOUR),
        updatedAt: now,
      };
      const initial = DEFAULT_STATUS[type];
      const history =
        statusId === initial
          ? null
          : {
              companyId,
              created: new Date(Math.min(booked.getTime(), now.getTime()) - HOUR),
              userId: context.userId,
              statusId,
              reasonId,
              modifiedFields: {
                status: { old: initial, new: statusId },
                ...(reasonCode ? { reason: { old: null, new: reasonCode } } : {}),
              },
            };
      return { row, history };
    }

    /**
     * The office gives a dock when it plans the day: every line with a truck has one, and most
     * lines up to tomorrow; a few of today's are left for the gate to tell (warehouse or office).
     */
    function dockFor(booked: Date, hasTruck: boolean): string {
      const planned = booked.getTime() < today.plus({ days: 2 }).toMillis();
      const draw = dockRandom();
      if (!hasTruck && !(planned && draw < 0.8)) return "";
      return `D${String(1 + Math.floor(dockRandom() * 12)).padStart(2, "0")}`;
    }
  });
}
