import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MachineMetricRow, TaskUserMetricRow } from "../../../../shared/contract/bi";
import { PLAIN, TRW } from "../../../db/demo-data";
import { dockSchedules } from "../../../db/schema/scheduling";
import { taskLines, workDescriptions, worksheets } from "../../../db/schema/tasks";
import { users } from "../../../db/schema/users";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { clientId } from "../../../test/shipments";

/**
 * Machines and task users (issue 16) from the task list, on hand-made lines in March 2033
 * (the demo's task lines sit around today), figures worked out by hand:
 *
 *   line  day         user    task (machine)  client   hours
 *   A1    2033-03-01  admin   Press 1          ACME     2.5
 *   A2    2033-03-01  office  Press 1          IBERIA   1.25
 *   A3    2033-03-02  office  Rework cell      ACME     3
 *   A4    2033-03-03  admin   Rework cell      (none)   1.5    last day of the range
 *   A5    2033-03-04  admin   Press 1          ACME     8      day after the range
 *   A6    2033-02-28  office  Rework cell      ACME     5      day before the range
 *   A7    2033-03-02  admin   Other press      (TRW)    4      another company
 *   A8    2033-03-02  admin   Rework cell      ACME     0      no hours
 *
 * 1..3 March, admin: Rework cell 3 + 1.5 + 0 = 4.5, Press 1 2.5 + 1.25 = 3.75; office
 * 1.25 + 3 = 4.25, admin 2.5 + 1.5 = 4. The client user (ACME, NORTE RETAIL) sees A1, A3, A8:
 * Rework cell 3, Press 1 2.5; office 3, admin 2.5.
 */
let t: TestApp;
let admin: Caller;
let client: Caller;
let plain: number;
const ids: Record<string, number> = {};

const RANGE = "date_start=2033-03-01&date_end=2033-03-03";

async function task(companyId: number, name: string): Promise<{ id: number; description: number }> {
  const [sheet] = await t.app.db
    .insert(worksheets)
    .values({ companyId, name })
    .returning({ id: worksheets.id });
  if (!sheet) throw new Error("no worksheet");
  const [description] = await t.app.db
    .insert(workDescriptions)
    .values({ worksheetId: sheet.id, name: `${name} work` })
    .returning({ id: workDescriptions.id });
  if (!description) throw new Error("no description");
  return { id: sheet.id, description: description.id };
}

async function userId(username: string): Promise<number> {
  const [row] = await t.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  const trw = await t.companyId(TRW);
  admin = await callerFor(t, "admin", plain);
  client = await callerFor(t, "client", plain);
  const db = t.app.db;
  const acme = await clientId(db, plain, "ACME FOODS");
  const iberia = await clientId(db, plain, "IBERIA PHARMA");
  const press = await task(plain, "Press 1");
  const rework = await task(plain, "Rework cell");
  const other = await task(trw, "Other press");
  ids.press = press.id;
  ids.rework = rework.id;
  ids.admin = await userId("admin");
  ids.office = await userId("office");
  const line = (
    companyId: number,
    date: string,
    user: number,
    sheet: { id: number; description: number },
    client: number | null,
    timeHours: number,
  ) => ({
    companyId,
    date,
    userId: user,
    worksheetId: sheet.id,
    descriptionId: sheet.description,
    clientId: client,
    timeHours,
  });
  await db
    .insert(taskLines)
    .values([
      line(plain, "2033-03-01", ids.admin, press, acme, 2.5),
      line(plain, "2033-03-01", ids.office, press, iberia, 1.25),
      line(plain, "2033-03-02", ids.office, rework, acme, 3),
      line(plain, "2033-03-03", ids.admin, rework, null, 1.5),
      line(plain, "2033-03-04", ids.admin, press, acme, 8),
      line(plain, "2033-02-28", ids.office, rework, acme, 5),
      line(trw, "2033-03-02", ids.admin, other, null, 4),
      line(plain, "2033-03-02", ids.admin, rework, acme, 0),
    ]);
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(caller: Caller, url: string): Promise<T> {
  const response = await caller("GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe("api/metrics/machines and task-users", () => {
  it("sums the hours per task (machine) over the company's lines in the range", async () => {
    expect(await get<MachineMetricRow[]>(admin, `/api/metrics/machines?${RANGE}`)).toEqual([
      { machinery: "Rework cell", worksheet_id: ids.rework, value: 4.5 },
      { machinery: "Press 1", worksheet_id: ids.press, value: 3.75 },
    ]);
  });

  it("sums the hours per user, named by first and last name", async () => {
    expect(await get<TaskUserMetricRow[]>(admin, `/api/metrics/task-users?${RANGE}`)).toEqual([
      { user: "Olivia Ortega", user_id: ids.office, value: 4.25 },
      { user: "Ada Admin", user_id: ids.admin, value: 4 },
    ]);
  });

  it("counts only a client user's clients", async () => {
    expect(await get(client, `/api/metrics/machines?${RANGE}`)).toEqual([
      { machinery: "Rework cell", worksheet_id: ids.rework, value: 3 },
      { machinery: "Press 1", worksheet_id: ids.press, value: 2.5 },
    ]);
    expect(await get(client, `/api/metrics/task-users?${RANGE}`)).toEqual([
      { user: "Olivia Ortega", user_id: ids.office, value: 3 },
      { user: "Ada Admin", user_id: ids.admin, value: 2.5 },
    ]);
  });

  it("answers an empty list for a range without task lines", async () => {
    const empty = "date_start=2033-04-01&date_end=2033-04-30";
    expect(await get(admin, `/api/metrics/machines?${empty}`)).toEqual([]);
    expect(await get(admin, `/api/metrics/task-users?${empty}`)).toEqual([]);
  });

  it("keeps a working day on its own day whatever the yard's zone", async () => {
    for (const zone of ["Pacific/Auckland", "America/Los_Angeles"]) {
      await t.app.db
        .update(dockSchedules)
        .set({ timeZone: zone })
        .where(eq(dockSchedules.companyId, plain));
      try {
        const lastDay = "date_start=2033-03-03&date_end=2033-03-03";
        expect(await get(admin, `/api/metrics/machines?${lastDay}`), zone).toEqual([
          { machinery: "Rework cell", worksheet_id: ids.rework, value: 1.5 },
        ]);
        const dayAfter = "date_start=2033-03-04&date_end=2033-03-04";
        expect(await get(admin, `/api/metrics/task-users?${dayAfter}`), zone).toEqual([
          { user: "Ada Admin", user_id: ids.admin, value: 8 },
        ]);
      } finally {
        await t.app.db
          .update(dockSchedules)
          .set({ timeZone: "UTC" })
          .where(eq(dockSchedules.companyId, plain));
      }
    }
  });

  it("needs both dates (fill_dates) and seeBi", async () => {
    for (const query of ["date_start=2033-03-01", "date_end=2033-03-03", ""]) {
      const response = await admin("GET", `/api/metrics/machines?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const guard = await callerFor(t, "guard", plain);
    expect((await guard("GET", `/api/metrics/task-users?${RANGE}`)).statusCode).toBe(403);
  });
});
