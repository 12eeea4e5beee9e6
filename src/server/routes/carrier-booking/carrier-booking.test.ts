import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  BookingAnswer,
  BookingPage,
  CarrierBooking,
  CarrierBookingSettingsAnswer,
  FreeHours,
  OfficeBooking,
} from "../../../shared/contract/carrier-booking";
import type { ErrorBody } from "../../../shared/contract/errors";
import type { Reception } from "../../../shared/contract/shipments";
import { PLAIN } from "../../db/demo-data";
import { restrictedDates } from "../../db/schema/scheduling";
import { shipments } from "../../db/schema/shipments";
import { type Caller, callerFor } from "../../test/api-caller";
import { createTestApp, type TestApp, testConfig } from "../../test/harness";
import { parseIcs } from "../../test/ics";
import { insertLine } from "../../test/shipments";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/smtp-server";

/**
 * The carrier booking page (issue 29) through the API on a real database, with a real SMTP
 * server on localhost: book, refusals with their reasons and alternatives, the mail and its
 * calendar invitation and links, move, cancel, the office's confirm and refuse.
 */
const ZONE = "Europe/Madrid";
let t: TestApp;
let smtp: TestSmtpServer;
let plain: number;
let admin: Caller;
let office: Caller;
let token: string;
let address = 0;
/** A day well inside the horizon and away from the demo lines around today. */
const day = DateTime.now().setZone(ZONE).plus({ days: 20 }).toISODate() ?? "";
const hour = (h: number, on = day) =>
  DateTime.fromISO(`${on}T${String(h).padStart(2, "0")}:00`, { zone: ZONE }).toISO({
    suppressMilliseconds: true,
  }) ?? "";

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const base = testConfig();
  t = await createTestApp({
    config: { mail: smtp.mailConfig, limits: { ...base.limits, carrierBookingMinFillMs: 0 } },
  });
  plain = await t.companyId(PLAIN);
  admin = await callerFor(t, "admin", plain);
  office = await callerFor(t, "office", plain);
  const schedule = await admin("PUT", "/api/dock-schedule", {
    time_zone: ZONE,
    opens_at: 6,
    closes_at: 21,
    load_per_hour: 10,
    unload_per_hour: 1,
    limit_expeditions: false,
  });
  expect(schedule.statusCode, schedule.body).toBe(200);
  await settings({ reference_mode: "match" });
  const page = await admin("POST", "/api/carrier-booking/page");
  expect(page.statusCode, page.body).toBe(200);
  token = page.json<CarrierBookingSettingsAnswer>().token ?? "";
  expect(token).not.toBe("");
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function settings(values: Record<string, unknown>) {
  const response = await admin("PUT", "/api/carrier-booking/settings", {
    load: true,
    unload: true,
    lead_minutes: 120,
    horizon_days: 30,
    cutoff_hours: 24,
    reference_mode: "match",
    ...values,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A public request from an address of its own (the per-address limit stays out of the way). */
function anonymous(method: "GET" | "POST", url: string, payload?: object) {
  address += 1;
  return t.app.inject({
    method,
    url,
    remoteAddress: `10.1.${Math.floor(address / 250)}.${address % 250}`,
    ...(payload ? { payload } : {}),
  });
}

async function form(): Promise<string> {
  const page = await anonymous("GET", `/api/public/carrier-booking/${token}`);
  expect(page.statusCode, page.body).toBe(200);
  return page.json<BookingPage>().form;
}

let references = 0;
async function plannedReception(at = hour(7)): Promise<{ id: number; code: string }> {
  references += 1;
  const code = `PO-${Date.now().toString(36)}-${references}`.toUpperCase();
  const id = await insertLine(t.app.db, plain, 2, {
    code,
    bookedDate: new Date(at),
    warehouse: "W2",
    dock: "D7",
  });
  return { id, code };
}

async function book(reference: string, start: string, extra: Record<string, unknown> = {}) {
  return anonymous("POST", `/api/public/carrier-booking/${token}`, {
    operation: "unload",
    start,
    reference,
    carrier: "Transportes Rápidos",
    plate: "1234 KLM",
    phone: "+34 611 222 333",
    email: "driver@carrier.example",
    language: "es",
    form: await form(),
    ...extra,
  });
}

async function freeHours(on = day, operation = "unload") {
  const response = await anonymous(
    "GET",
    `/api/public/carrier-booking/${token}/hours?operation=${operation}&day=${on}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FreeHours>().hours;
}

async function lineBooked(id: number) {
  const [row] = await t.app.db
    .select({ booked: shipments.bookedDate, deleted: shipments.deletedAt })
    .from(shipments)
    .where(eq(shipments.id, id));
  return row;
}

/** The receptions list's carrier_booking of the day's lines with these delivery notes. */
async function listMarks(codes: string[]) {
  const response = await office(
    "GET",
    `/api/reception?booked_date_after=${day}&booked_date_before=${day}&page_size=100`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json<{ results: Reception[] }>().results;
  return Object.fromEntries(
    rows.filter((row) => codes.includes(row.code)).map((row) => [row.code, row.carrier_booking]),
  );
}

const codeOf = (response: { json<T>(): T }, field = "start") =>
  response.json<ErrorBody>().field_codes?.[field]?.[0]?.code;

describe("the public page", () => {
  it("answers the company, its operations and days; an unknown token is a 404", async () => {
    const page = await anonymous("GET", `/api/public/carrier-booking/${token}`);
    expect(page.json<BookingPage>()).toMatchObject({
      company: PLAIN,
      operations: ["load", "unload"],
      time_zone: ZONE,
      reference_mode: "match",
    });
    const unknown = await anonymous("GET", "/api/public/carrier-booking/no-such-page");
    expect(unknown.statusCode).toBe(404);
  });

  it("offers the day's free hours inside the opening hours; none beyond the horizon", async () => {
    const hours = await freeHours();
    expect(hours[0]).toBe(hour(6).replace(/\.000/, ""));
    expect(hours).toHaveLength(16);
    const far = DateTime.fromISO(day).plus({ days: 20 }).toISODate() ?? "";
    expect(await freeHours(far)).toEqual([]);
  });
});

describe("booking", () => {
  it("books a planned line's hour, mails the booking with its calendar and links", async () => {
    const line = await plannedReception();
    const before = smtp.received.length;
    const response = await book(line.code.toLowerCase(), hour(10));
    expect(response.statusCode, response.body).toBe(201);
    const { booking, manage } = response.json<BookingAnswer>();
    expect(booking).toMatchObject({
      state: "confirmed",
      operation: "unload",
      warehouse: "W2",
      dock: "D7",
      mail_sent: true,
      time_zone: ZONE,
    });
    expect(new Date(booking.start).toISOString()).toBe(new Date(hour(10)).toISOString());
    expect((await lineBooked(line.id))?.booked.toISOString()).toBe(
      new Date(hour(10)).toISOString(),
    );
    // The receptions list marks the booked line; a line no carrier booked is not marked.
    const other = await plannedReception();
    expect(await listMarks([line.code, other.code])).toEqual({
      [line.code]: "confirmed",
      [other.code]: null,
    });
    // The hour is taken (capacity 1).
    expect(await freeHours()).not.toContain(booking.start);

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeTo).toEqual(["driver@carrier.example"]);
    expect(mail?.parsed.subject).toContain("Reserva de muelle");
    const ics = mail?.parsed.attachments.find((file) => file.filename === "booking.ics");
    const calendar = parseIcs(ics?.content.toString("utf8") ?? "");
    const event = calendar.components.find((part) => part.type === "VEVENT");
    const zone = calendar.components.find((part) => part.type === "VTIMEZONE");
    expect(zone?.get("TZID")?.value).toBe(ZONE);
    expect(event?.get("DTSTART")).toEqual({
      name: "DTSTART",
      params: { TZID: ZONE },
      value: `${day.replaceAll("-", "")}T100000`,
    });
    expect(event?.get("DTEND")?.value).toBe(`${day.replaceAll("-", "")}T110000`);
    expect(event?.get("SUMMARY")?.value).toContain(line.code);
    expect(mail?.parsed.attachments.map((file) => file.filename)).toContain("check-in-qr.png");

    // Its links work: the private link reads the booking, the check-in link opens the page.
    const text = mail?.parsed.text ?? "";
    const manageLink = /\/carrier-booking\/manage\/([\w-]+)/.exec(text)?.[1];
    expect(manageLink).toBe(manage);
    const read = await anonymous("GET", `/api/public/carrier-booking/manage/${manageLink}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<CarrierBooking>()).toMatchObject({ state: "confirmed", plate: "1234 KLM" });
    const checkIn = /\/check-in\/([\w-]+)/.exec(text)?.[1];
    const gate = await anonymous("GET", `/api/public/check-in/${checkIn}`);
    expect(gate.statusCode, gate.body).toBe(200);
  });

  it("tries a refused confirmation mail again until the SMTP server takes it", async () => {
    // A day of its own (the other tests count the free hours of `day`).
    const other = DateTime.fromISO(day).minus({ days: 1 }).toISODate() ?? "";
    const line = await plannedReception(hour(7, other));
    const before = smtp.received.length;
    const refusedBefore = smtp.refused;
    // The server answers 451 (try again later) twice: the first attempt and the first retry.
    smtp.refuseNext(2);
    const response = await book(line.code, hour(12, other));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<BookingAnswer>().booking.mail_sent).toBe(false);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(smtp.refused - refusedBefore).toBe(2);
    expect(mail?.envelopeTo).toEqual(["driver@carrier.example"]);
    expect(mail?.parsed.subject).toContain("Reserva de muelle");
    expect(mail?.parsed.attachments.map((file) => file.filename)).toContain("booking.ics");
  });

  it("refuses a full hour at once and offers the nearest free hours", async () => {
    const first = await plannedReception();
    expect((await book(first.code, hour(14))).statusCode).toBe(201);
    const second = await plannedReception();
    const refused = await book(second.code, hour(14));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(codeOf(refused)).toBe("slot_full");
    const alternatives = refused.json<{ alternatives: string[] }>().alternatives;
    // The nearest first: the hours either side, then the next nearest.
    const nearest = alternatives.slice(0, 2).map((at) => new Date(at).getTime());
    expect(nearest.sort()).toEqual([hour(13), hour(15)].map((at) => new Date(at).getTime()));
    expect(alternatives).toHaveLength(3);
    // The refused carrier's line kept its planned hour.
    expect((await lineBooked(second.id))?.booked.toISOString()).toBe(
      new Date(hour(7)).toISOString(),
    );
  });

  it("refuses past, too near, too far, closed and restricted hours with the reason", async () => {
    const line = await plannedReception();
    const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate() ?? "";
    const past = await book(line.code, hour(10, yesterday));
    expect(past.statusCode).toBe(400);
    expect(codeOf(past)).toBe("too_soon");
    const far = DateTime.now().setZone(ZONE).plus({ days: 45 }).toISODate() ?? "";
    expect(codeOf(await book(line.code, hour(10, far)))).toBe("too_far");
    expect(codeOf(await book(line.code, hour(5)))).toBe("outside_hours");
    expect(codeOf(await book(line.code, hour(22)))).toBe("outside_hours");
    const halfPast = DateTime.fromISO(hour(9)).plus({ minutes: 30 }).toISO() ?? "";
    expect(codeOf(await book(line.code, halfPast))).toBe("invalid");
    const closed = DateTime.fromISO(day).plus({ days: 1 }).toISODate() ?? "";
    await t.app.db.insert(restrictedDates).values({ companyId: plain, date: closed });
    const restricted = await book(line.code, hour(10, closed));
    expect(codeOf(restricted)).toBe("restricted_date");
    expect(restricted.json<{ alternatives: string[] }>().alternatives.length).toBeGreaterThan(0);
    expect((await lineBooked(line.id))?.booked.toISOString()).toBe(new Date(hour(7)).toISOString());
  });

  it("refuses an unknown reference, bad fields, the hidden field and a forged form", async () => {
    const unknown = await book("NO-SUCH-PO", hour(11));
    expect(unknown.statusCode).toBe(400);
    expect(codeOf(unknown, "reference")).toBe("unknown_reference");
    const line = await plannedReception();
    expect(codeOf(await book(line.code, hour(11), { email: "not-an-address" }), "email")).toBe(
      "invalid",
    );
    expect(codeOf(await book(line.code, hour(11), { carrier: "x".repeat(101) }), "carrier")).toBe(
      "too_long",
    );
    expect(codeOf(await book(line.code, hour(11), { phone: "12345678901" }), "phone")).toBe(
      "invalid_phone",
    );
    const bot = await book(line.code, hour(11), { website: "http://spam.example" });
    expect(bot.statusCode).toBe(400);
    const forged = await book(line.code, hour(11), { form: `${Date.now() - 60_000}.forged` });
    expect(forged.statusCode).toBe(400);
    expect((await lineBooked(line.id))?.booked.toISOString()).toBe(new Date(hour(7)).toISOString());
  });
});

describe("the private link", () => {
  it("moves the booking (booking again) and cancels it, freeing the hour; each mails", async () => {
    const line = await plannedReception(hour(8));
    const booked = await book(line.code, hour(16));
    const { manage } = booked.json<BookingAnswer>();
    const before = smtp.received.length;
    const offered = await anonymous(
      "GET",
      `/api/public/carrier-booking/manage/${manage}/hours?day=${day}`,
    );
    expect(offered.statusCode, offered.body).toBe(200);
    const offeredTimes = offered.json<FreeHours>().hours.map((at) => new Date(at).getTime());
    expect(offeredTimes).toContain(new Date(hour(17)).getTime());
    expect(offeredTimes).not.toContain(new Date(hour(16)).getTime());
    const moved = await anonymous("POST", `/api/public/carrier-booking/manage/${manage}/move`, {
      start: hour(17),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(new Date(moved.json<CarrierBooking>().start).toISOString()).toBe(
      new Date(hour(17)).toISOString(),
    );
    expect((await lineBooked(line.id))?.booked.toISOString()).toBe(
      new Date(hour(17)).toISOString(),
    );
    const hours = await freeHours();
    expect(hours.map((at) => new Date(at).getTime())).toContain(new Date(hour(16)).getTime());
    expect(hours.map((at) => new Date(at).getTime())).not.toContain(new Date(hour(17)).getTime());

    const cancelled = await anonymous(
      "POST",
      `/api/public/carrier-booking/manage/${manage}/cancel`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<CarrierBooking>().state).toBe("cancelled");
    // The planned line goes back to the office's hour; the carrier's hour is free again.
    expect((await lineBooked(line.id))?.booked.toISOString()).toBe(new Date(hour(8)).toISOString());
    expect((await freeHours()).map((at) => new Date(at).getTime())).toContain(
      new Date(hour(17)).getTime(),
    );
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((mail) => mail.parsed.subject)).toEqual([
      expect.stringContaining("cambiada"),
      expect.stringContaining("cancelada"),
    ]);
    const cancel = mails[1]?.parsed.attachments.find((file) => file.filename === "booking.ics");
    const calendar = parseIcs(cancel?.content.toString("utf8") ?? "");
    expect(calendar.get("METHOD")?.value).toBe("CANCEL");
    expect(mails[1]?.parsed.attachments.map((file) => file.filename)).not.toContain(
      "check-in-qr.png",
    );
    const again = await anonymous("POST", `/api/public/carrier-booking/manage/${manage}/cancel`);
    expect(again.statusCode).toBe(409);
  });

  it("refuses a move or cancel past the company's cut-off", async () => {
    await settings({ cutoff_hours: 720 });
    try {
      const line = await plannedReception();
      const booked = await book(line.code, hour(18));
      expect(booked.statusCode, booked.body).toBe(201);
      const { manage, booking } = booked.json<BookingAnswer>();
      expect(booking.changeable_until).toBeNull();
      const cancel = await anonymous("POST", `/api/public/carrier-booking/manage/${manage}/cancel`);
      expect(cancel.statusCode).toBe(400);
      expect(codeOf(cancel)).toBe("past_cutoff");
    } finally {
      await settings({});
    }
  });

  it("an unknown private link is a 404", async () => {
    const response = await anonymous("GET", "/api/public/carrier-booking/manage/nothing-here");
    expect(response.statusCode).toBe(404);
  });
});

describe("create mode and the office", () => {
  it("makes a reception to confirm; the office lists, refuses and confirms; the carrier is told", async () => {
    await settings({ reference_mode: "create" });
    try {
      const before = smtp.received.length;
      const first = await book("NEW-DN-1", hour(19));
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<BookingAnswer>().booking.state).toBe("to_confirm");
      const second = await book("NEW-DN-2", hour(20));
      expect(second.statusCode, second.body).toBe(201);

      const list = await office("GET", `/api/carrier-booking?day=${day}`);
      expect(list.statusCode, list.body).toBe(200);
      const mine = list
        .json<{ results: OfficeBooking[] }>()
        .results.filter((row) => row.reference.startsWith("NEW-DN-"));
      expect(mine.map((row) => [row.reference, row.state])).toEqual([
        ["NEW-DN-1", "to_confirm"],
        ["NEW-DN-2", "to_confirm"],
      ]);
      const [one, two] = mine;
      // The receptions list marks the lines carriers booked, as the day board does.
      expect(await listMarks(["NEW-DN-1", "NEW-DN-2"])).toEqual({
        "NEW-DN-1": "to_confirm",
        "NEW-DN-2": "to_confirm",
      });
      const [made] = await t.app.db
        .select({ type: shipments.type, deleted: shipments.deletedAt })
        .from(shipments)
        .where(and(eq(shipments.companyId, plain), eq(shipments.code, "NEW-DN-1")));
      expect(made).toEqual({ type: 2, deleted: null });

      const refused = await office("POST", `/api/carrier-booking/${one?.id}/decision`, {
        confirm: false,
      });
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json<OfficeBooking>().state).toBe("refused");
      expect((await lineBooked(one?.shipment ?? 0))?.deleted).not.toBeNull();
      expect((await freeHours()).map((at) => new Date(at).getTime())).toContain(
        new Date(hour(19)).getTime(),
      );
      const confirmed = await office("POST", `/api/carrier-booking/${two?.id}/decision`, {
        confirm: true,
      });
      expect(confirmed.json<OfficeBooking>().state).toBe("confirmed");
      expect(await listMarks(["NEW-DN-1", "NEW-DN-2"])).toEqual({ "NEW-DN-2": "confirmed" });
      const again = await office("POST", `/api/carrier-booking/${two?.id}/decision`, {
        confirm: false,
      });
      expect(again.statusCode).toBe(409);
      const mails = (await smtp.waitFor(before + 4)).slice(before);
      expect(mails.map((mail) => mail.parsed.subject)).toEqual([
        expect.stringContaining("Solicitud"),
        expect.stringContaining("Solicitud"),
        expect.stringContaining("rechazada"),
        expect.stringContaining("confirmada"),
      ]);
    } finally {
      await settings({});
    }
  });

  it("keeps the rules to admins and the page's address rotatable", async () => {
    const denied = await office("PUT", "/api/carrier-booking/settings", {
      load: true,
      unload: true,
      lead_minutes: 0,
      horizon_days: 1,
      cutoff_hours: 0,
      reference_mode: "create",
    });
    expect(denied.statusCode).toBe(403);
    const read = await office("GET", "/api/carrier-booking/settings");
    expect(read.json<CarrierBookingSettingsAnswer>().token).toBe(token);
    const renewed = await admin("POST", "/api/carrier-booking/page");
    const fresh = renewed.json<CarrierBookingSettingsAnswer>().token ?? "";
    expect(fresh).not.toBe(token);
    expect((await anonymous("GET", `/api/public/carrier-booking/${token}`)).statusCode).toBe(404);
    token = fresh;
    expect((await anonymous("GET", `/api/public/carrier-booking/${token}`)).statusCode).toBe(200);
  });
});
