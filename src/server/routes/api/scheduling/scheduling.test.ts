import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { ErrorBody } from "../../../../shared/contract/errors";
import type { DaySlots, DockSchedule } from "../../../../shared/contract/scheduling";
import { BW, KL, PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";

/**
 * Dock scheduling (issue 12): hour slots with capacity, opening hours and time zone, restricted
 * dates, the booking check in the write's transaction (concurrent last place), permissions.
 */

let t: TestApp;
let admin: Caller;
let adminTrw: Caller;
let office: Caller;
let planner: Caller;
let acme: number;

/** A far-off day of its own for each test, so tests never share an hour. */
let nextDay = 0;
function freshDay(): DateTime {
  nextDay += 3;
  // A winter Monday a long way ahead, plus a few days per test.
  return DateTime.fromISO("2031-01-06", { zone: "utc" }).plus({ days: nextDay });
}
const at = (day: DateTime, hour: number) =>
  `${day.toISODate()}T${String(hour).padStart(2, "0")}:00:00Z`;

beforeAll(async () => {
  t = await createTestApp();
  const plain = await t.companyId(PLAIN);
  admin = await callerFor(t, "admin", plain);
  adminTrw = await callerFor(t, "admin", await t.companyId(TRW));
  office = await callerFor(t, "office", plain);
  planner = await callerFor(t, "planner", plain);
  const clients = await admin("GET", "/api/client?search=ACME");
  acme = clients.json<{ results: { id: number }[] }>().results[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

async function setSchedule(caller: Caller, schedule: z.input<typeof DockSchedule>): Promise<void> {
  const response = await caller("PUT", "/api/dock-schedule", schedule);
  expect(response.statusCode, response.body).toBe(200);
}

async function offered(caller: Caller, day: DateTime, operation = "unload"): Promise<string[]> {
  const response = await caller(
    "GET",
    `/api/available-dates?date=${day.toISODate()}&operation_type=${operation}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<string[]>();
}

const hours = (list: string[]) => list.map((slot) => slot.slice(11, 16));

function reception(caller: Caller, booked: string) {
  return caller("POST", "/api/reception", {
    code: `S-${Math.random()}`.slice(0, 12),
    booked_date: booked,
    client: acme,
  });
}

function codeOf(response: { json: <T>() => T }): string | undefined {
  return response.json<ErrorBody>().field_codes?.booked_date?.[0]?.code;
}

describe("hour slots", () => {
  it("offers the open hours with room; a full hour disappears and refuses the next booking", async () => {
    await setSchedule(admin, {
      time_zone: "UTC",
      opens_at: 8,
      closes_at: 17,
      load_per_hour: null,
      unload_per_hour: 1,
    });
    const day = freshDay();
    const open = await offered(planner, day);
    expect(hours(open)).toEqual([
      "08:00",
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
    ]);
    expect(open[0]).toBe(`${day.toISODate()}T08:00:00+00:00`);

    expect((await reception(planner, at(day, 9))).statusCode).toBe(201);
    expect(hours(await offered(planner, day))).not.toContain("09:00");
    // The same hour, later in it: full for the planner; the lockdowns permission (office)
    // overbooks it, and the day board shows 2 of 1.
    const second = await reception(planner, `${day.toISODate()}T09:40:00Z`);
    expect(second.statusCode).toBe(400);
    expect(codeOf(second)).toBe("slot_full");
    expect((await reception(office, at(day, 9))).statusCode).toBe(201);
    const board = await planner(
      "GET",
      `/api/available-dates/day?date=${day.toISODate()}&operation_type=unload`,
    );
    expect(board.json<DaySlots>().slots.find((slot) => slot.hour === 9)).toMatchObject({
      booked: 2,
      capacity: 1,
    });
    // Expeditions (load) have no limit here and their own slots.
    expect(hours(await offered(planner, day, "load"))).toContain("09:00");
  });

  it("refuses reception hours outside the opening hours, except for the lockdowns permission", async () => {
    await setSchedule(admin, {
      time_zone: "UTC",
      opens_at: 8,
      closes_at: 17,
      load_per_hour: null,
      unload_per_hour: 5,
    });
    const day = freshDay();
    const early = await reception(planner, at(day, 7));
    expect(early.statusCode).toBe(400);
    expect(codeOf(early)).toBe("outside_hours");
    expect(early.json<ErrorBody>().fields?.booked_date?.[0]).toMatch(/opening hours/);
    expect((await reception(office, at(day, 7))).statusCode).toBe(201);
  });

  it("speaks the yard's clock: slots carry its offset and count by its hours", async () => {
    await setSchedule(admin, {
      time_zone: "Europe/Madrid",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: null,
      unload_per_hour: 1,
    });
    const day = freshDay();
    const open = await offered(planner, day);
    expect(open).toHaveLength(16);
    expect(open[0]).toBe(`${day.toISODate()}T06:00:00+01:00`);
    // 08:30 in Madrid (07:30Z) fills the 08:00 slot there.
    expect((await reception(planner, `${day.toISODate()}T07:30:00Z`)).statusCode).toBe(201);
    expect(hours(await offered(planner, day))).not.toContain("08:00");
    const board = await planner(
      "GET",
      `/api/available-dates/day?date=${day.toISODate()}&operation_type=unload`,
    );
    const slots = board.json<DaySlots>();
    expect(slots.time_zone).toBe("Europe/Madrid");
    expect(slots.slots.find((slot) => slot.hour === 8)).toMatchObject({
      booked: 1,
      capacity: 1,
      open: true,
    });
    await setSchedule(admin, {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: 10,
      unload_per_hour: 8,
    });
  });

  it("moving a line into a full hour is refused; staying in its own hour is not", async () => {
    await setSchedule(admin, {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: null,
      unload_per_hour: 1,
    });
    const day = freshDay();
    const first = (await reception(planner, at(day, 10))).json<{ id: number }>();
    const other = (await reception(planner, at(day, 11))).json<{ id: number }>();
    // The planner (no lockdowns; office would overbook it).
    const moved = await planner("PUT", `/api/reception/${other.id}`, { booked_date: at(day, 10) });
    expect(moved.statusCode).toBe(400);
    expect(codeOf(moved)).toBe("slot_full");
    const within = await planner("PUT", `/api/reception/${first.id}`, {
      booked_date: `${day.toISODate()}T10:30:00Z`,
    });
    expect(within.statusCode, within.body).toBe(200);
  });

  it("two bookings of an hour's last place at once: one succeeds, one is refused", async () => {
    await setSchedule(admin, {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: null,
      unload_per_hour: 1,
    });
    for (let round = 0; round < 3; round++) {
      const day = freshDay();
      const answers = await Promise.all([
        reception(planner, at(day, 12)),
        reception(planner, `${day.toISODate()}T12:45:00Z`),
        reception(planner, `${day.toISODate()}T12:15:00Z`),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, 400, 400]);
      for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
        expect(codeOf(refused)).toBe("slot_full");
      }
    }
  });

  it("changing the schedule is the admin's; a zone must be a real one", async () => {
    const schedule = {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: 10,
      unload_per_hour: 8,
    };
    expect((await office("PUT", "/api/dock-schedule", schedule)).statusCode).toBe(403);
    await setSchedule(admin, schedule);
    expect((await planner("GET", "/api/dock-schedule")).json()).toEqual({
      ...schedule,
      limit_expeditions: false,
    });
    const zone = await admin("PUT", "/api/dock-schedule", { ...schedule, time_zone: "Mars/Base" });
    expect(zone.statusCode).toBe(400);
    expect(zone.json<ErrorBody>().field_codes?.time_zone?.[0]?.code).toBe("invalid_choice");
    const backwards = await admin("PUT", "/api/dock-schedule", {
      ...schedule,
      opens_at: 12,
      closes_at: 8,
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json<ErrorBody>().fields ?? {})).toEqual(["closes_at"]);
    const bad = await admin("GET", "/api/available-dates?date=2031-02-30&operation_type=unload");
    expect(bad.statusCode).toBe(400);
  });
});

describe("expeditions (issue 25: the dock binds receptions)", () => {
  const expedition = (caller: Caller, booked: string) =>
    caller("POST", "/api/expedition", {
      code: `E-${Math.random()}`.slice(0, 12),
      booked_date: booked,
      client: acme,
    });

  it("takes any hour and any number of expeditions unless the company limits them", async () => {
    await setSchedule(admin, {
      time_zone: "UTC",
      opens_at: 8,
      closes_at: 17,
      load_per_hour: 1,
      unload_per_hour: null,
    });
    const day = freshDay();
    // Limit off (the default): the hour window and load_per_hour do not bind expeditions.
    expect((await expedition(planner, at(day, 9))).statusCode).toBe(201);
    expect((await expedition(planner, at(day, 9))).statusCode).toBe(201);
    const early = await expedition(planner, at(day, 2));
    expect(early.statusCode, early.body).toBe(201);
    const board = (
      await planner("GET", `/api/available-dates/day?date=${day.toISODate()}&operation_type=load`)
    ).json<DaySlots>();
    expect(board.slots.every((slot) => slot.open && slot.capacity === null)).toBe(true);
    expect(await offered(planner, day, "load")).toHaveLength(16);

    // Limit on: the planner gets slot_full; the lockdowns permission (office) overbooks.
    await setSchedule(admin, {
      time_zone: "UTC",
      opens_at: 8,
      closes_at: 17,
      load_per_hour: 1,
      unload_per_hour: null,
      limit_expeditions: true,
    });
    const full = await expedition(planner, at(day, 9));
    expect(full.statusCode).toBe(400);
    expect(codeOf(full)).toBe("slot_full");
    expect(hours(await offered(planner, day, "load"))).not.toContain("09:00");
    expect((await expedition(planner, at(day, 3))).statusCode).toBe(201);
    expect((await expedition(office, at(day, 9))).statusCode).toBe(201);
    const limited = (
      await planner("GET", `/api/available-dates/day?date=${day.toISODate()}&operation_type=load`)
    ).json<DaySlots>();
    expect(limited.slots.find((slot) => slot.hour === 9)).toMatchObject({
      booked: 3,
      capacity: 1,
      open: true,
    });
    await setSchedule(admin, {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: 10,
      unload_per_hour: 8,
    });
  });
});

describe("restricted dates (trw companies, lockdowns holders)", () => {
  let officeTrw: Caller;
  let atlas: number;
  const trwLine = (caller: Caller, path: string, booked: string) =>
    caller("POST", `/api/${path}`, {
      booked_date: booked,
      client: atlas,
      ...(path === "reception" ? { origin: "Porto" } : { destination: "Porto" }),
    });

  beforeAll(async () => {
    officeTrw = await callerFor(t, "office", await t.companyId(TRW));
    const clients = await officeTrw("GET", "/api/client?search=ATLAS");
    atlas = clients.json<{ results: { id: number }[] }>().results[0]?.id ?? 0;
  });

  it("a restricted date takes no reception, except from lockdowns holders; expeditions are free", async () => {
    const day = freshDay();
    const created = await officeTrw("POST", "/api/restricted-date", { date: day.toISODate() });
    expect(created.statusCode, created.body).toBe(201);
    // The trw admin lacks lockdowns: the server offers no hour and refuses the reception.
    expect(await offered(adminTrw, day)).toEqual([]);
    const refused = await trwLine(adminTrw, "reception", at(day, 10));
    expect(refused.statusCode).toBe(400);
    expect(codeOf(refused)).toBe("restricted_date");
    const board = (
      await adminTrw(
        "GET",
        `/api/available-dates/day?date=${day.toISODate()}&operation_type=unload`,
      )
    ).json<DaySlots>();
    expect(board.restricted).toBe(true);
    expect(board.slots.every((slot) => !slot.open)).toBe(true);
    // Holders of lockdowns book it; expeditions are not bound by restricted dates.
    const byOffice = await trwLine(officeTrw, "reception", at(day, 10));
    expect(byOffice.statusCode, byOffice.body).toBe(201);
    const exp = await trwLine(adminTrw, "expedition", at(day, 10));
    expect(exp.statusCode, exp.body).toBe(201);
    // Lifted, the day is bookable again.
    const id = created.json<{ id: number }>().id;
    expect((await officeTrw("DELETE", `/api/restricted-date/${id}`)).statusCode).toBe(204);
    expect((await officeTrw("DELETE", `/api/restricted-date/${id}`)).statusCode).toBe(404);
    expect((await offered(adminTrw, day)).length).toBeGreaterThan(0);
  });

  it("lists by date, 10 a page; a date twice is a conflict; scoped to the company", async () => {
    const first = freshDay().plus({ years: 1 });
    const days = Array.from({ length: 12 }, (_, i) => first.plus({ days: 11 - i }).toISODate());
    for (const date of days) {
      expect((await officeTrw("POST", "/api/restricted-date", { date })).statusCode).toBe(201);
    }
    const twice = await officeTrw("POST", "/api/restricted-date", { date: days[0] });
    expect(twice.statusCode).toBe(409);
    const page = (await adminTrw("GET", "/api/restricted-date")).json<{
      count: number;
      next: string | null;
      results: { id: number; date: string }[];
    }>();
    expect(page.count).toBeGreaterThanOrEqual(12);
    expect(page.results).toHaveLength(10);
    expect(page.next).toMatch(/\/api\/restricted-date\?page=2$/);
    const dates = page.results.map((row) => row.date);
    expect(dates).toEqual([...dates].sort());
    // Another company sees none of them and cannot delete them.
    const kl = await callerFor(t, "office", await t.companyId(KL));
    const klPage = (await kl("GET", "/api/restricted-date?page_size=100")).json<{
      results: { date: string }[];
    }>();
    expect(klPage.results.map((row) => row.date)).not.toContain(days[0]);
    const id = page.results[0]?.id;
    expect((await kl("DELETE", `/api/restricted-date/${id}`)).statusCode).toBe(404);
    expect(
      (await officeTrw("POST", "/api/restricted-date", { date: "2031-13-01" })).statusCode,
    ).toBe(400);
  });

  it("writes need a trw company and the lockdowns permission (not even the trw admin)", async () => {
    const date = freshDay().toISODate();
    expect((await adminTrw("POST", "/api/restricted-date", { date })).statusCode).toBe(403);
    // Non-trw companies manage none, whatever the role.
    expect((await admin("POST", "/api/restricted-date", { date })).statusCode).toBe(403);
    expect((await office("POST", "/api/restricted-date", { date })).statusCode).toBe(403);
    const created = await officeTrw("POST", "/api/restricted-date", { date });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await adminTrw("DELETE", `/api/restricted-date/${id}`)).statusCode).toBe(403);
    // The spec's matrix takes lockdowns from client users in trw companies.
    const client = await callerFor(t, "client", await t.companyId(TRW));
    expect((await client("GET", "/api/restricted-date")).statusCode).toBe(200);
    expect((await client("POST", "/api/restricted-date", { date })).statusCode).toBe(403);
    const guard = await callerFor(t, "guard", await t.companyId(PLAIN));
    expect((await guard("GET", "/api/restricted-date")).statusCode).toBe(403);
    expect((await guard("GET", `/api/available-dates?date=${date}`)).statusCode).toBe(403);
  });
});

describe("repeated lines", () => {
  let bw: Caller;
  let bwAdmin: Caller;
  let storage: number;
  const series = (uid: string, body: object) => bw("PUT", `/api/expedition/series/${uid}`, body);

  beforeAll(async () => {
    const company = await t.companyId(BW);
    bw = await callerFor(t, "office", company);
    bwAdmin = await callerFor(t, "admin", company);
    const clients = await bw("GET", "/api/client?search=STORAGE");
    storage = clients.json<{ results: { id: number }[] }>().results[0]?.id ?? 0;
    await setSchedule(bwAdmin, {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: 1,
      unload_per_hour: null,
    });
  });

  it("creates the occurrences that fit and answers the full dates; a retry creates nothing twice", async () => {
    // The trw admin lacks lockdowns, so the company's expedition limit holds for them.
    const trwCompany = await t.companyId(TRW);
    const atlas = (await adminTrw("GET", "/api/client?search=ATLAS")).json<{
      results: { id: number }[];
    }>().results[0]?.id;
    await setSchedule(adminTrw, {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: 1,
      unload_per_hour: 8,
      limit_expeditions: true,
    });
    const trwSeries = (uid: string, body: object) =>
      adminTrw("PUT", `/api/expedition/series/${uid}`, body);
    const first = freshDay().plus({ years: 2 });
    for (const week of [1, 3]) {
      const full = await adminTrw("POST", "/api/expedition", {
        code: `FULL-${week}`,
        booked_date: at(first.plus({ weeks: week }), 9),
        client: atlas,
        destination: "Porto",
      });
      expect(full.statusCode, full.body).toBe(201);
    }
    const uid = crypto.randomUUID();
    const body = {
      code: "WEEKLY-1",
      booked_date: at(first, 9),
      action_date: at(first, 11),
      client: atlas,
      destination: "Porto",
      rrule_str: "RRULE:FREQ=WEEKLY;COUNT=8",
    };
    const answer = await trwSeries(uid, body);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<{
      created: { id: number; booked_date: string; action_date: string; rrule_str: string }[];
      not_created: { booked_date: string; code: string }[];
    }>();
    expect(result.created).toHaveLength(6);
    expect(result.not_created).toEqual([
      { booked_date: new Date(at(first.plus({ weeks: 1 }), 9)).toISOString(), code: "slot_full" },
      { booked_date: new Date(at(first.plus({ weeks: 3 }), 9)).toISOString(), code: "slot_full" },
    ]);
    const firstLine = result.created[0];
    expect(firstLine?.rrule_str).toBe(body.rrule_str);
    // The loading date keeps its distance to the booked date.
    for (const line of result.created) {
      expect(new Date(line.action_date).getTime() - new Date(line.booked_date).getTime()).toBe(
        2 * 3_600_000,
      );
    }

    const again = (await trwSeries(uid, body)).json<typeof result>();
    expect(again.created.map((line) => line.id)).toEqual(result.created.map((line) => line.id));
    expect(again.not_created).toHaveLength(2);
    const lines = (await adminTrw("GET", "/api/expedition?code=WEEKLY-1&page_size=100")).json<{
      count: number;
    }>();
    expect(lines.count).toBe(6);
    // A lockdowns holder's repeat is never refused (the office of the same company).
    const officeTrw = await callerFor(t, "office", trwCompany);
    const bypass = await officeTrw("PUT", `/api/expedition/series/${crypto.randomUUID()}`, {
      ...body,
      code: "WEEKLY-2",
    });
    expect(bypass.json<typeof result>().created).toHaveLength(8);
    await setSchedule(adminTrw, {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: 10,
      unload_per_hour: 8,
    });
  });

  it("expands monthly on the last Friday and never-ending rules within a year", async () => {
    await setSchedule(bwAdmin, {
      time_zone: "UTC",
      opens_at: 6,
      closes_at: 21,
      load_per_hour: null,
      unload_per_hour: null,
    });
    const lastFriday = (
      await series(crypto.randomUUID(), {
        code: "LASTFRI",
        booked_date: "2032-01-01T08:00:00Z",
        client: storage,
        rrule_str: "RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=3",
      })
    ).json<{ created: { booked_date: string }[] }>();
    expect(lastFriday.created.map((line) => line.booked_date.slice(0, 10))).toEqual([
      "2032-01-30",
      "2032-02-27",
      "2032-03-26",
    ]);
    const never = (
      await series(crypto.randomUUID(), {
        code: "MONTH31",
        booked_date: "2032-01-31T08:00:00Z",
        client: storage,
        rrule_str: "RRULE:FREQ=MONTHLY;BYMONTHDAY=31",
      })
    ).json<{ created: { booked_date: string }[] }>();
    // The months with a 31st, for a year (366 days) from the first date.
    expect(never.created.map((line) => line.booked_date.slice(0, 10))).toEqual([
      "2032-01-31",
      "2032-03-31",
      "2032-05-31",
      "2032-07-31",
      "2032-08-31",
      "2032-10-31",
      "2032-12-31",
      "2033-01-31",
    ]);
  });

  it("checks the body and the rule before creating anything", async () => {
    const uid = crypto.randomUUID();
    const noClient = await series(uid, {
      code: "NOCLIENT",
      booked_date: "2033-01-03T08:00:00Z",
      rrule_str: "RRULE:FREQ=DAILY;COUNT=3",
    });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json<ErrorBody>().fields).toHaveProperty("client");
    const badRule = await series(uid, {
      code: "BADRULE",
      booked_date: "2033-01-03T08:00:00Z",
      client: storage,
      rrule_str: "RRULE:FREQ=WEEKLY;INTERVAL=0",
    });
    expect(badRule.statusCode).toBe(400);
    expect(badRule.json<ErrorBody>().fields).toHaveProperty("rrule_str");
    const none = (await bw("GET", "/api/expedition?code=NOCLIENT")).json<{ count: number }>();
    expect(none.count).toBe(0);
  });

  it("needs the repeats right and the company's flag for the type", async () => {
    const body = {
      code: "NOPE",
      booked_date: "2033-02-07T08:00:00Z",
      client: acme,
      rrule_str: "RRULE:FREQ=WEEKLY;COUNT=2",
    };
    // Yardline Demo repeats neither type.
    expect(
      (await office("PUT", `/api/expedition/series/${crypto.randomUUID()}`, body)).statusCode,
    ).toBe(403);
    // The provider lacks repeats, even in a company that has the flag.
    const provider = await callerFor(t, "provider", await t.companyId(TRW));
    expect(
      (await provider("PUT", `/api/expedition/series/${crypto.randomUUID()}`, body)).statusCode,
    ).toBe(403);
  });
});
