import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../../shared/contract/clients";
import type { ErrorBody } from "../../../../shared/contract/errors";
import type {
  TaskLine,
  TaskUser,
  WorkDescription,
  Worksheet,
} from "../../../../shared/contract/task-list";
import { PLAIN, TRW } from "../../../db/demo-data";
import { userClients } from "../../../db/schema/clients";
import { users } from "../../../db/schema/users";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";

/** api/task-line and its lookups: rules, filters, paging, scope, permissions, the .xlsx. */

let t: TestApp;
let plain: number;
let admin: Caller;
let office: Caller;
let packing: Worksheet;
let boxes: WorkDescription;
let review: Worksheet;
let check: WorkDescription;
let acme: Client;
let iberia: Client;
let officeUser: TaskUser;
let adminUser: TaskUser;

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

async function ok<T>(caller: Caller, method: "GET" | "POST", url: string, body?: object) {
  const response = await caller(method, url, body);
  expect(response.statusCode, response.body).toBe(method === "POST" ? 201 : 200);
  return response.json<T>();
}

function line(overrides: Record<string, unknown> = {}) {
  return {
    date: "2026-03-02",
    user: officeUser.id,
    worksheet: packing.id,
    description: boxes.id,
    client: acme.id,
    reference: "EXP-1",
    tag_number: "T-1",
    time_hours: 1.5,
    reviewed_parts: 10,
    right_parts: 8,
    reworked_parts: 1,
    nok_parts: 1,
    observations: "",
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  admin = await callerFor(t, "admin", plain);
  office = await callerFor(t, "office", plain);
  packing = await ok<Worksheet>(office, "POST", "/api/worksheet", { name: "Packing" });
  review = await ok<Worksheet>(office, "POST", "/api/worksheet", { name: "Quality review" });
  boxes = await ok(office, "POST", "/api/work-description", {
    name: "Boxes",
    worksheet: packing.id,
  });
  check = await ok(office, "POST", "/api/work-description", {
    name: "Visual check",
    worksheet: review.id,
  });
  const clients = await ok<Page<Client>>(admin, "GET", "/api/client?page_size=100");
  acme = clients.results.find((c) => c.description === "ACME FOODS") as Client;
  iberia = clients.results.find((c) => c.description === "IBERIA PHARMA") as Client;
  const users = await ok<Page<TaskUser>>(office, "GET", "/api/task-user?page_size=100");
  officeUser = users.results.find((u) => u.username === "office") as TaskUser;
  adminUser = users.results.find((u) => u.username === "admin") as TaskUser;
});
afterAll(async () => {
  await t?.close();
});

describe("task list lookups", () => {
  it("starts with the demo tasks and lines of the plain company", async () => {
    const tasks = await ok<Page<Worksheet>>(office, "GET", "/api/worksheet?search=inspection");
    expect(tasks.results.map((w) => w.name)).toEqual(["Quality inspection"]);
    const lines = await ok<Page<TaskLine>>(
      office,
      "GET",
      `/api/task-line?worksheet=${tasks.results[0]?.id}&page_size=100`,
    );
    expect(lines.count).toBeGreaterThan(0);
    expect(lines.results.every((l) => l.company === plain)).toBe(true);
  });

  it("lists tasks by name with search, and descriptions by task", async () => {
    const tasks = await ok<Page<Worksheet>>(office, "GET", "/api/worksheet?search=pack");
    expect(tasks.results.map((w) => w.name)).toEqual(["Packing"]);
    expect(tasks.results[0]?.company).toBe(plain);
    const descriptions = await ok<Page<WorkDescription>>(
      office,
      "GET",
      `/api/work-description?worksheet=${review.id}`,
    );
    expect(descriptions.results.map((d) => d.name)).toEqual(["Visual check"]);
    const users = await ok<Page<TaskUser>>(office, "GET", "/api/task-user?search=offi");
    expect(users.results.map((u) => u.username)).toContain("office");
  });

  it("requires a name, and a description's task of the same company", async () => {
    const blank = await office("POST", "/api/worksheet", { name: "  " });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json<ErrorBody>().fields ?? {})).toEqual(["name"]);
    const trwAdmin = await callerFor(t, "admin", await t.companyId(TRW));
    const foreign = await trwAdmin("POST", "/api/work-description", {
      name: "X",
      worksheet: packing.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<ErrorBody>().field_codes).toEqual({
      worksheet: [{ code: "invalid_choice" }],
    });
    // Tasks are per company.
    expect((await ok<Page<Worksheet>>(trwAdmin, "GET", "/api/worksheet")).count).toBe(0);
  });
});

describe("api/task-line", () => {
  it("creates, reads in the list, replaces with If-Match and deletes a line", async () => {
    const created = await ok<TaskLine>(office, "POST", "/api/task-line", line());
    expect(created).toMatchObject({
      date: "2026-03-02",
      user: { id: officeUser.id, username: "office" },
      worksheet: { id: packing.id, name: "Packing" },
      description: { id: boxes.id, name: "Boxes" },
      client: { id: acme.id, description: "ACME FOODS" },
      time_hours: 1.5,
      nok_parts: 1,
      company: plain,
      version: 1,
    });
    const edited = await office(
      "PUT",
      `/api/task-line/${created.id}`,
      line({ date: "2026-03-03T08:00:00", time_hours: 2.25, observations: "late truck" }),
      { "if-match": '"1"' },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TaskLine>()).toMatchObject({
      date: "2026-03-03",
      time_hours: 2.25,
      observations: "late truck",
      version: 2,
    });
    const stale = await office("PUT", `/api/task-line/${created.id}`, line(), {
      "if-match": '"1"',
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ current: TaskLine }>().current.version).toBe(2);
    // Who wrote the version that won (the line's updated_by), though the edit had no key.
    expect(stale.json()).toMatchObject({ changed_by: "office" });
    const staleDelete = await admin("DELETE", `/api/task-line/${created.id}`, undefined, {
      "if-match": '"1"',
    });
    expect(staleDelete.json()).toMatchObject({ code: "precondition_failed", changed_by: "office" });
    expect((await office("DELETE", `/api/task-line/${created.id}`)).statusCode).toBe(204);
    expect((await office("DELETE", `/api/task-line/${created.id}`)).statusCode).toBe(404);
  });

  it("requires date, user, task, description, client and hours; counts are numbers", async () => {
    const response = await office("POST", "/api/task-line", {
      reference: "X",
      reviewed_parts: "many",
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().fields ?? {}).sort()).toEqual([
      "client",
      "date",
      "description",
      "reviewed_parts",
      "time_hours",
      "user",
      "worksheet",
    ]);
    const badDay = await office("POST", "/api/task-line", line({ date: "2026-02-30" }));
    expect(badDay.json<ErrorBody>().field_codes?.date).toEqual([{ code: "invalid_date" }]);
    const negative = await office("POST", "/api/task-line", line({ time_hours: -1 }));
    expect(negative.statusCode).toBe(400);
  });

  it("refuses a description of another task, a foreign user and a client outside scope", async () => {
    const wrongTask = await office("POST", "/api/task-line", line({ description: check.id }));
    expect(wrongTask.statusCode).toBe(400);
    expect(wrongTask.json<ErrorBody>().field_codes).toEqual({
      description: [{ code: "invalid_choice" }],
    });
    const trwClients = await ok<Page<Client>>(
      await callerFor(t, "admin", await t.companyId(TRW)),
      "GET",
      "/api/client?page_size=100",
    );
    const foreignClient = trwClients.results.find((c) => !c.company.includes(plain)) as Client;
    const response = await office(
      "POST",
      "/api/task-line",
      line({ client: foreignClient.id, user: 999_999 }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().field_codes ?? {}).sort()).toEqual([
      "client",
      "user",
    ]);
  });

  it("filters by days, user, task and reference, grouped by task, in pages", async () => {
    const days = ["2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04"];
    for (const [index, date] of days.entries()) {
      await ok(office, "POST", "/api/task-line", line({ date, reference: `R${index}` }));
    }
    await ok(
      office,
      "POST",
      "/api/task-line",
      line({
        date: "2026-04-02",
        user: adminUser.id,
        worksheet: review.id,
        description: check.id,
        reference: "SHIP-9",
      }),
    );
    const april = "date_after=2026-04-01&date_before=2026-04-30";
    const all = await ok<Page<TaskLine>>(office, "GET", `/api/task-line?${april}`);
    expect(all.count).toBe(5);
    // Task name order, then the newest day first.
    expect(all.results.map((l) => [l.worksheet.name, l.date])).toEqual([
      ["Packing", "2026-04-04"],
      ["Packing", "2026-04-03"],
      ["Packing", "2026-04-02"],
      ["Packing", "2026-04-01"],
      ["Quality review", "2026-04-02"],
    ]);
    const window = await ok<Page<TaskLine>>(
      office,
      "GET",
      "/api/task-line?date_after=2026-04-02&date_before=2026-04-03",
    );
    expect(window.count).toBe(3);
    const byUser = await ok<Page<TaskLine>>(
      office,
      "GET",
      `/api/task-line?${april}&user=${adminUser.id}`,
    );
    expect(byUser.results.map((l) => l.reference)).toEqual(["SHIP-9"]);
    const byTask = await ok<Page<TaskLine>>(
      office,
      "GET",
      `/api/task-line?${april}&worksheet=${packing.id}`,
    );
    expect(byTask.count).toBe(4);
    const byReference = await ok<Page<TaskLine>>(office, "GET", "/api/task-line?reference=SHIP-9");
    expect(byReference.count).toBe(1);
    const page2 = await ok<Page<TaskLine>>(
      office,
      "GET",
      `/api/task-line?${april}&page_size=2&page=2`,
    );
    expect(page2.results.map((l) => l.date)).toEqual(["2026-04-02", "2026-04-01"]);
    expect(page2.next).toContain("page=3");
    expect(page2.previous).not.toContain("page=");
  });

  it("read-only and guard users write nothing: every write is 403 and nothing changes", async () => {
    const existing = await ok<TaskLine>(office, "POST", "/api/task-line", line());
    const guard = await callerFor(t, "guard", plain);
    const readOnly = await callerFor(t, "readonly", plain);
    // The guard may read the list (the matrix leaves it seeTasklist).
    expect((await guard("GET", "/api/task-line")).statusCode).toBe(200);
    for (const caller of [guard, readOnly]) {
      expect((await caller("POST", "/api/worksheet", { name: "Guarded" })).statusCode).toBe(403);
      const description = { name: "Guarded", worksheet: packing.id };
      expect((await caller("POST", "/api/work-description", description)).statusCode).toBe(403);
      expect((await caller("POST", "/api/task-line", line())).statusCode).toBe(403);
      const uid = crypto.randomUUID();
      expect((await caller("PUT", `/api/task-line/uid/${uid}`, line())).statusCode).toBe(403);
      const put = await caller("PUT", `/api/task-line/${existing.id}`, line({ reference: "X" }));
      expect(put.statusCode).toBe(403);
      expect((await caller("DELETE", `/api/task-line/${existing.id}`)).statusCode).toBe(403);
    }
    const tasks = await ok<Page<Worksheet>>(office, "GET", "/api/worksheet?search=Guarded");
    expect(tasks.count).toBe(0);
    const still = await ok<TaskLine>(office, "GET", `/api/task-line/${existing.id}`);
    expect(still.reference).toBe(existing.reference);
  });

  it("needs seeTasklist, and keeps companies and client limits apart", async () => {
    const warehouse = await callerFor(t, "warehouse", plain);
    expect((await warehouse("GET", "/api/task-line")).statusCode).toBe(403);
    expect((await warehouse("POST", "/api/task-line", line())).statusCode).toBe(403);
    expect((await warehouse("GET", "/api/task-line/export")).statusCode).toBe(403);
    expect((await warehouse("GET", "/api/worksheet")).statusCode).toBe(403);

    const theirs = await ok<TaskLine>(
      office,
      "POST",
      "/api/task-line",
      line({ client: iberia.id }),
    );
    const mine = await ok<TaskLine>(office, "POST", "/api/task-line", line({ reference: "ACME" }));
    // A user limited to one client (officeperson has seeTasklist; the demo gives it no limit).
    const [person] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, "officeperson"));
    await t.app.db.insert(userClients).values({ userId: person?.id ?? 0, clientId: acme.id });
    const client = await callerFor(t, "officeperson", plain);
    const clientRole = await callerFor(t, "client", plain);
    expect((await clientRole("GET", "/api/task-line")).statusCode).toBe(403);
    const seen = await ok<Page<TaskLine>>(client, "GET", "/api/task-line?page_size=1000");
    expect(seen.results.map((l) => l.id)).toContain(mine.id);
    expect(seen.results.every((l) => l.client?.id !== iberia.id)).toBe(true);
    expect((await client("DELETE", `/api/task-line/${theirs.id}`)).statusCode).toBe(404);
    const booked = await client("POST", "/api/task-line", line({ client: iberia.id }));
    expect(booked.statusCode).toBe(400);
    expect(booked.json<ErrorBody>().field_codes).toEqual({ client: [{ code: "invalid_choice" }] });

    const trwAdmin = await callerFor(t, "admin", await t.companyId(TRW));
    expect((await ok<Page<TaskLine>>(trwAdmin, "GET", "/api/task-line")).count).toBe(0);
    expect((await trwAdmin("DELETE", `/api/task-line/${mine.id}`)).statusCode).toBe(404);
  });

  it("creates a line once for a repeated Idempotency-Key (offline replay)", async () => {
    const key = "7d0b7a5e-3b57-4d1c-9a39-3c1f4e7c0a11";
    const body = line({ reference: "ONCE", date: "2026-05-05" });
    const first = await office("POST", "/api/task-line", body, { "idempotency-key": key });
    const again = await office("POST", "/api/task-line", body, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(again.json<TaskLine>().id).toBe(first.json<TaskLine>().id);
    expect((await ok<Page<TaskLine>>(office, "GET", "/api/task-line?reference=ONCE")).count).toBe(
      1,
    );
  });
});

describe("PUT api/task-line/uid/{uid} (a tablet's offline line, created once)", () => {
  const byReference = async (reference: string) =>
    ok<Page<TaskLine>>(office, "GET", `/api/task-line?reference=${reference}&page_size=100`);

  it("creates the line once: repeats, even with another key or body, answer it unchanged", async () => {
    const uid = "3f1d2c4b-5a69-4e7d-8c1b-2a3b4c5d6e7f";
    const url = `/api/task-line/uid/${uid}`;
    const first = await office("PUT", url, line({ reference: "UID-ONCE" }), {
      "idempotency-key": "0a9e3b1c-1111-4d2e-8f3a-5b6c7d8e9f01",
    });
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<TaskLine>();
    expect(created).toMatchObject({ uid, reference: "UID-ONCE", company: plain });
    expect(first.headers.location).toBe(`/api/task-line/${created.id}`);
    const again = await office("PUT", url, line({ reference: "UID-ONCE", time_hours: 9 }), {
      "idempotency-key": "0a9e3b1c-2222-4d2e-8f3a-5b6c7d8e9f01",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<TaskLine>()).toMatchObject({ id: created.id, time_hours: 1.5 });
    const listed = await byReference("UID-ONCE");
    expect(listed.count).toBe(1);
    expect(listed.results[0]?.uid).toBe(uid);
    const read = await office("GET", `/api/task-line/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<TaskLine>()).toEqual(created);
    expect(read.headers.etag).toBe(`"${created.version}"`);
    const trwAdmin = await callerFor(t, "admin", await t.companyId(TRW));
    expect((await trwAdmin("GET", `/api/task-line/${created.id}`)).statusCode).toBe(404);
    const warehouse = await callerFor(t, "warehouse", plain);
    expect((await warehouse("GET", `/api/task-line/${created.id}`)).statusCode).toBe(403);
  });

  it("two deliveries at once still make one line", async () => {
    const uid = "4f1d2c4b-5a69-4e7d-8c1b-2a3b4c5d6e7f";
    const body = line({ reference: "UID-RACE" });
    const answers = await Promise.all([
      office("PUT", `/api/task-line/uid/${uid}`, body),
      office("PUT", `/api/task-line/uid/${uid}`, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => a.json<TaskLine>().id)).size).toBe(1);
    expect((await byReference("UID-RACE")).count).toBe(1);
  });

  it("applies the POST's rules, permission and company scope; a refusal stores nothing", async () => {
    const uid = "5f1d2c4b-5a69-4e7d-8c1b-2a3b4c5d6e7f";
    const url = `/api/task-line/uid/${uid}`;
    const wrong = await office("PUT", url, line({ reference: "UID-RULES", description: check.id }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().field_codes).toEqual({
      description: [{ code: "invalid_choice" }],
    });
    const missing = await office("PUT", url, { ...line(), time_hours: undefined });
    expect(missing.statusCode).toBe(400);
    expect((await office("PUT", "/api/task-line/uid/not-a-uuid", line())).statusCode).toBe(400);
    const warehouse = await callerFor(t, "warehouse", plain);
    expect((await warehouse("PUT", url, line({ reference: "UID-RULES" }))).statusCode).toBe(403);
    expect((await byReference("UID-RULES")).count).toBe(0);
    // Another company's request names its own lines: the plain company's uid is not found there.
    const trwAdmin = await callerFor(t, "admin", await t.companyId(TRW));
    expect((await office("PUT", url, line({ reference: "UID-RULES" }))).statusCode).toBe(201);
    const foreign = await trwAdmin("PUT", url, line({ reference: "UID-RULES" }));
    expect(foreign.statusCode).toBe(400);
    expect((await byReference("UID-RULES")).count).toBe(1);
  });
});

describe("api/task-line/export", () => {
  it("answers a real .xlsx of the filtered lines with typed cells and totals", async () => {
    const june = [
      line({
        date: "2026-06-01",
        time_hours: 1.25,
        reviewed_parts: 5,
        right_parts: 4,
        nok_parts: 1,
      }),
      line({
        date: "2026-06-02",
        time_hours: 2.5,
        reviewed_parts: 7,
        right_parts: 7,
        reworked_parts: null,
        nok_parts: 0,
        observations: "ok",
      }),
    ];
    for (const body of june) await ok(office, "POST", "/api/task-line", body);
    await ok(office, "POST", "/api/task-line", line({ date: "2026-07-01", time_hours: 9 }));

    const response = await office(
      "GET",
      "/api/task-line/export?date_after=2026-06-01&date_before=2026-06-30",
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename=".+\.xlsx"/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Date",
      "User",
      "Task",
      "Description",
      "Client",
      "Reference",
      "Tag number",
      "Hours",
      "Reviewed parts",
      "Right parts",
      "Reworked parts",
      "NOK parts",
      "Observations",
    ]);
    expect(sheet.rowCount).toBe(4);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2026, 5, 2)));
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(2).value).toBe("Olivia Ortega");
    expect(first.getCell(3).value).toBe("Packing");
    expect(first.getCell(5).value).toBe("ACME FOODS");
    expect(first.getCell(8).value).toBe(2.5);
    expect(first.getCell(8).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(11).value).toBeNull();
    expect(first.getCell(13).value).toBe("ok");
    const totals = sheet.getRow(4);
    expect(totals.getCell(2).value).toBe("Total");
    expect(totals.getCell(8).value).toEqual({ formula: "SUM(H2:H3)", result: 3.75 });
    expect(totals.getCell(9).value).toEqual({ formula: "SUM(I2:I3)", result: 12 });
    expect(totals.getCell(10).value).toEqual({ formula: "SUM(J2:J3)", result: 11 });
    expect(totals.getCell(12).value).toEqual({ formula: "SUM(L2:L3)", result: 1 });
  });

  it("writes headers, sheet name and totals in the asked language, else Accept-Language's", async () => {
    const headersOf = async (url: string, headers: Record<string, string> = {}) => {
      const response = await office("GET", url, undefined, headers);
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      return { name: sheet.name, header: sheet.getRow(1).values as unknown[] };
    };
    const es = await headersOf("/api/task-line/export?date_after=2030-01-01&lang=es");
    expect(es.name).toBe("Lista de tareas");
    expect(es.header.slice(1, 5)).toEqual(["Fecha", "Usuario", "Tarea", "Descripción"]);
    const mx = await headersOf("/api/task-line/export?date_after=2030-01-01&lang=mx");
    expect(mx.header[5]).toBe("SKU");
    const pt = await headersOf("/api/task-line/export?date_after=2030-01-01", {
      "accept-language": "pt-PT,pt;q=0.9",
    });
    expect(pt.header[1]).toBe("Data");
    const bad = await office("GET", "/api/task-line/export?lang=fr");
    expect(bad.statusCode).toBe(400);
  });

  it("answers an empty sheet with a header and zero totals when nothing matches", async () => {
    const response = await office("GET", "/api/task-line/export?date_after=2030-01-01");
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(8).value).toBe(0);
  });
});
