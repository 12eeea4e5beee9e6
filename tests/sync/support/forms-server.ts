import { and, eq, inArray } from "drizzle-orm";
import { TRW } from "../../../src/server/db/demo-data";
import { clients } from "../../../src/server/db/schema/clients";
import { criticalLines } from "../../../src/server/db/schema/critical-lines";
import { restrictedDates } from "../../../src/server/db/schema/scheduling";
import { shipmentHistory, shipments } from "../../../src/server/db/schema/shipments";
import { shippers } from "../../../src/server/db/schema/shippers";
import { CriticalLineInput } from "../../../src/shared/contract/critical-lines";
import { DEFAULT_STATUS, type ShipmentType, STATUS } from "../../../src/shared/contract/status";
import type { SyncServer } from "./server";

/**
 * The server side of the form writes the property runs play (issue 24): they are made in the
 * trw company, where admin holds no lockdowns permission, so the dock's rules hold for admin
 * (office, who holds it, may overbook): one reception per hour (unload_per_hour 1, open 6:00 to
 * 21:59 UTC), a restricted day, and an hour already full. Every booking of a run that must succeed
 * takes an hour of its own (`nextHour`).
 */
export const RESTRICTED_DAY = "2034-06-01";
export const FULL_HOUR = "2034-06-02T10:00:00Z";
const FIRST_FREE_DAY = Date.UTC(2035, 0, 1);
/** Series take three days each from here, at 10:00 (nextHour's days end long before). */
const FIRST_SERIES_DAY = Date.UTC(2037, 0, 1);
const DAY_MS = 86_400_000;
/** 6:00 to 21:59. */
const OPEN_HOURS = 16;
/** Saves another user makes of one row before giving up (each after reading it again). */
const OTHER_EDIT_ATTEMPTS = 5;

export interface FormServer {
  company: number;
  /** A client of the trw company (trw lines require one, and an origin or destination). */
  client: number;
  /** A booked hour nobody else takes (an instant, Z). */
  nextHour(): string;
  /**
   * The first day of a daily series of its own (three free days at 10:00, an instant, Z); its
   * second day made restricted, or its hour there full, for `refusal`.
   */
  seriesStart(refusal: "slot_full" | "restricted_date" | null): Promise<string>;
  /** Another device (an admin's office PC) deletes a line: DELETE through the API. */
  deleteAsOther(type: ShipmentType, id: number): Promise<void>;
  /** Another device sets a line's status (PATCH, no If-Match): the answer's status code. */
  editAsOther(type: ShipmentType, id: number): Promise<number>;
  /**
   * Another user changes a field of the row stored under `uid` that the device's edits never
   * touch, through the API on the row's current version: a shipment's status (PATCH), a
   * truck's capacity, a critical line's contact (their whole form, PUT with If-Match). The
   * value set, or null when the server has no such row (yet).
   */
  editOtherField(
    kind: FormKind,
    type: ShipmentType,
    uid: string,
    index: number,
  ): Promise<number | string | null>;
  /** Shipments by uid: id, company notes, deleted or not (more than one would be a bug). */
  shipments(uids: string[]): Promise<Map<string, StoredForm[]>>;
  trucks(uids: string[]): Promise<Map<string, StoredForm[]>>;
  criticalLines(uids: string[]): Promise<Map<string, StoredForm[]>>;
  /** How many history entries set company_notes to each value, per shipment id. */
  notesWrites(ids: number[]): Promise<Map<number, string[]>>;
}

/**
 * A row stored under a form's uid: its id, the form's text field, the field another user may
 * change (`editOtherField`), and whether it was deleted.
 */
export interface StoredForm {
  id: number;
  value: string;
  other: number | string | null;
  deleted: boolean;
}

type FormKind = "shipment" | "truck" | "criticalLine" | "series";

/** The status another user sets (PATCH): one the forms never set, per type. */
const OTHER_STATUS: Record<ShipmentType, number> = { 1: STATUS.delay, 2: STATUS.receptionDelay };

const cache = new WeakMap<SyncServer, Promise<FormServer>>();

/** The form world of this server, set up once (the first run that plays a form write). */
export function formServer(server: SyncServer): Promise<FormServer> {
  let made = cache.get(server);
  if (!made) {
    made = setUp(server);
    cache.set(server, made);
  }
  return made;
}

const PATHS: Record<ShipmentType, string> = { 1: "/api/expedition", 2: "/api/reception" };

async function setUp(server: SyncServer): Promise<FormServer> {
  const { test } = server;
  const company = await test.companyId(TRW);
  const headers = test.headers(await server.token("admin", new Set()), company);
  const schedule = await test.app.inject({
    method: "PUT",
    url: "/api/dock-schedule",
    headers,
    payload: {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: null,
      unload_per_hour: 1,
    },
  });
  if (schedule.statusCode !== 200) throw new Error(`dock schedule: ${schedule.body}`);
  await test.app.db.insert(restrictedDates).values({ companyId: company, date: RESTRICTED_DAY });
  await test.app.db.insert(shipments).values({
    companyId: company,
    type: 2,
    code: "SYNC-FULL-HOUR",
    bookedDate: new Date(FULL_HOUR),
    statusId: DEFAULT_STATUS[2],
  });
  const [client] = await test.app.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.companyId, company))
    .limit(1);
  if (!client) throw new Error("the trw company has no client");
  let hour = 0;
  let series = 0;
  const byUid = (rows: ({ uid: string } & StoredForm)[]) => {
    const out = new Map<string, StoredForm[]>();
    for (const { uid, ...row } of rows) out.set(uid, [...(out.get(uid) ?? []), row]);
    return out;
  };
  const world: FormServer = {
    company,
    client: client.id,
    nextHour: () => {
      const day = Math.floor(hour / OPEN_HOURS);
      const at = 6 + (hour++ % OPEN_HOURS);
      return new Date(FIRST_FREE_DAY + day * 86_400_000 + at * 3_600_000).toISOString();
    },
    async seriesStart(refusal) {
      const start = FIRST_SERIES_DAY + series++ * 3 * DAY_MS + 10 * 3_600_000;
      const second = new Date(start + DAY_MS);
      if (refusal === "restricted_date") {
        const date = second.toISOString().slice(0, 10);
        await test.app.db.insert(restrictedDates).values({ companyId: company, date });
      } else if (refusal === "slot_full") {
        await test.app.db.insert(shipments).values({
          companyId: company,
          type: 2,
          code: "SYNC-FULL-SERIES",
          bookedDate: second,
          statusId: DEFAULT_STATUS[2],
        });
      }
      return new Date(start).toISOString();
    },
    async deleteAsOther(type, id) {
      const answer = await test.app.inject({
        method: "DELETE",
        url: `${PATHS[type]}/${id}`,
        headers,
      });
      if (answer.statusCode >= 300) throw new Error(`DELETE ${type} ${id}: ${answer.body}`);
    },
    async editAsOther(type, id) {
      const answer = await test.app.inject({
        method: "PATCH",
        url: `${PATHS[type]}/${id}`,
        headers,
        payload: { status: DEFAULT_STATUS[type] },
      });
      return answer.statusCode;
    },
    async editOtherField(kind, type, uid, index) {
      if (kind === "shipment" || kind === "series") {
        const [row] = (await world.shipments([uid])).get(uid) ?? [];
        if (!row || row.deleted) return null;
        const answer = await test.app.inject({
          method: "PATCH",
          url: `${PATHS[type]}/${row.id}`,
          headers,
          payload: { status: OTHER_STATUS[type] },
        });
        if (answer.statusCode !== 200) throw new Error(`PATCH ${row.id}: ${answer.body}`);
        return OTHER_STATUS[type];
      }
      const [stored] =
        (await (kind === "truck" ? world.trucks : world.criticalLines)([uid])).get(uid) ?? [];
      if (!stored) return null;
      const path =
        kind === "truck" ? `/api/shipper/${stored.id}` : `/api/critical-line/${stored.id}`;
      // The other user reads the row, then saves it: the device's replayer may save the same
      // row in between (412), and that user reloads it and saves again, as the message says.
      for (let attempt = 1; ; attempt++) {
        const current = await test.app.inject({ method: "GET", url: path, headers });
        if (current.statusCode !== 200) throw new Error(`GET ${path}: ${current.body}`);
        const row = current.json<Record<string, unknown>>();
        // Each edit sets a value of its own, so a lost one shows.
        const value = kind === "truck" ? 1_000 + index : `OTHER-${index}-${row.version}`;
        const body =
          kind === "truck"
            ? {
                plate: row.plate,
                name: row.name,
                capacity_load: value,
                phone: row.phone,
                country_code: row.country_code,
              }
            : {
                ...Object.fromEntries(
                  Object.keys(CriticalLineInput.shape).map((key) => [key, row[key]]),
                ),
                contact: value,
              };
        const answer = await test.app.inject({
          method: "PUT",
          url: path,
          headers: { ...headers, "if-match": `"${row.version}"` },
          payload: body,
        });
        if (answer.statusCode === 200) return value;
        if (answer.statusCode !== 412 || attempt >= OTHER_EDIT_ATTEMPTS) {
          throw new Error(`PUT ${path}: ${answer.body}`);
        }
      }
    },
    async shipments(uids) {
      if (uids.length === 0) return new Map();
      const rows = await test.app.db
        .select({
          uid: shipments.uid,
          id: shipments.id,
          value: shipments.companyNotes,
          other: shipments.statusId,
          deletedAt: shipments.deletedAt,
        })
        .from(shipments)
        .where(and(eq(shipments.companyId, company), inArray(shipments.uid, uids)));
      return byUid(rows.map(({ deletedAt, ...row }) => ({ ...row, deleted: deletedAt !== null })));
    },
    async trucks(uids) {
      if (uids.length === 0) return new Map();
      const rows = await test.app.db
        .select({
          uid: shippers.uid,
          id: shippers.id,
          value: shippers.name,
          other: shippers.capacityLoad,
        })
        .from(shippers)
        .where(and(eq(shippers.companyId, company), inArray(shippers.uid, uids)));
      return byUid(rows.map((row) => ({ ...row, deleted: false })));
    },
    async criticalLines(uids) {
      if (uids.length === 0) return new Map();
      const rows = await test.app.db
        .select({
          uid: criticalLines.uid,
          id: criticalLines.id,
          value: criticalLines.observations,
          other: criticalLines.contact,
        })
        .from(criticalLines)
        .where(and(eq(criticalLines.companyId, company), inArray(criticalLines.uid, uids)));
      return byUid(rows.map((row) => ({ ...row, deleted: false })));
    },
    async notesWrites(ids) {
      const out = new Map<number, string[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return out;
      const rows = await test.app.db
        .select({ id: shipmentHistory.shipmentId, modified: shipmentHistory.modifiedFields })
        .from(shipmentHistory)
        .where(inArray(shipmentHistory.shipmentId, ids))
        .orderBy(shipmentHistory.id);
      for (const row of rows) {
        const notes = (row.modified as Record<string, { new?: unknown } | undefined>).company_notes
          ?.new;
        if (typeof notes === "string") out.get(row.id)?.push(notes);
      }
      return out;
    },
  };
  return world;
}
