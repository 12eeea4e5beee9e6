import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Changes } from "../../../../shared/contract/changes";
import type {
  CriticalLine,
  CriticalLineHistoryEntry,
} from "../../../../shared/contract/critical-lines";
import { can } from "../../../../shared/permissions";
import type { RoleKey } from "../../../../shared/roles";
import { KL, PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";

/** api/critical-line: CRUD, filters, permissions per role, company scope, If-Match, feed. */

let t: TestApp;
let trw: number;
let kl: number;
let office: Caller;
let officeKl: Caller;

beforeAll(async () => {
  t = await createTestApp();
  trw = await t.companyId(TRW);
  kl = await t.companyId(KL);
  office = await callerFor(t, "office", trw);
  officeKl = await callerFor(t, "office", kl);
});
afterAll(async () => {
  await t?.close();
});

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

const DAY = 86_400_000;
const isoDay = (offsetDays: number) =>
  new Date(Math.floor(Date.now() / DAY) * DAY + offsetDays * DAY).toISOString().slice(0, 10);

function body(overrides: Record<string, unknown> = {}) {
  return {
    init_date: `${isoDay(40)}T08:00:00Z`,
    end_date: `${isoDay(40)}T16:00:00Z`,
    cause: "Test cause",
    activity: "Testing",
    line: "T-1",
    product: "Widget",
    contact: "Tess",
    destination: "Madrid",
    observations: "A long observation that goes past twenty characters",
    provider: "Acme",
    client_name: "Client X",
    ...overrides,
  };
}

async function create(caller: Caller, overrides: Record<string, unknown> = {}) {
  const response = await caller("POST", "/api/critical-line", body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CriticalLine>();
}

async function list(caller: Caller, query = ""): Promise<Page<CriticalLine>> {
  const response = await caller("GET", `/api/critical-line${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<CriticalLine>>();
}

describe("api/critical-line", () => {
  it("lists the company's demo lines by start, pages of 10, with date range and text filters", async () => {
    const all = await list(office);
    expect(all.count).toBeGreaterThanOrEqual(4);
    const starts = all.results.map((line) => line.init_date);
    expect([...starts].sort()).toEqual(starts);
    expect(all.results.every((line) => line.company === trw)).toBe(true);

    // From now: only lines not ended before today.
    const fromNow = await list(office, `?date_after=${isoDay(0)}`);
    const today = Date.parse(`${isoDay(0)}T00:00:00Z`);
    expect(fromNow.results.every((line) => Date.parse(line.end_date) >= today)).toBe(true);

    const byLine = await list(office, "?line=l-07");
    expect(byLine.results.map((line) => line.line)).toEqual(["L-07"]);
    const byProvider = await list(office, "?provider=metal");
    expect(byProvider.results.map((line) => line.provider)).toEqual(["Metal Ebro"]);

    // A range that ends before the demo lines start: none.
    const past = await list(office, `?date_before=${isoDay(-30)}`);
    expect(past.count).toBe(0);

    for (let i = 0; i < 10; i++) await create(officeKl, { line: `PAGE-${i}` });
    const first = await list(officeKl, "?line=page-");
    expect(first.count).toBe(10);
    const small = await list(officeKl, "?line=page-&page_size=4&page=2");
    expect(small.results).toHaveLength(4);
    expect(small.next).toBe("http://localhost:80/api/critical-line?line=page-&page_size=4&page=3");
    expect(small.previous).toBe("http://localhost:80/api/critical-line?line=page-&page_size=4");
  });

  it("creates, reads, replaces with If-Match and deletes", async () => {
    const made = await create(office);
    expect(made).toMatchObject({ company: trw, version: 1, line: "T-1", client_name: "Client X" });
    const read = await office("GET", `/api/critical-line/${made.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe('"1"');

    const put = await office("PUT", `/api/critical-line/${made.id}`, body({ line: "T-2" }), {
      "if-match": '"1"',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<CriticalLine>()).toMatchObject({ line: "T-2", version: 2 });

    const stale = await office("PUT", `/api/critical-line/${made.id}`, body({ line: "T-3" }), {
      "if-match": '"1"',
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ line: "T-2", version: 2 });
    expect(stale.json().changed_by).toBe("office"); // the history's latest writer

    const staleDelete = await office("DELETE", `/api/critical-line/${made.id}`, undefined, {
      "if-match": '"1"',
    });
    expect(staleDelete.statusCode).toBe(412);
    expect(staleDelete.json().changed_by).toBe("office");
    const deleted = await office("DELETE", `/api/critical-line/${made.id}`, undefined, {
      "if-match": '"2"',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await office("GET", `/api/critical-line/${made.id}`)).statusCode).toBe(404);
  });

  it("requires init and end dates, an end not before the start, and bounded texts", async () => {
    const missing = await office("POST", "/api/critical-line", { cause: "x" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(["end_date", "init_date"]);
    const reversed = await office(
      "POST",
      "/api/critical-line",
      body({ init_date: "2030-01-02T00:00:00Z", end_date: "2030-01-01T00:00:00Z" }),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().field_codes.end_date).toEqual([{ code: "invalid_date" }]);
    const nul = await office("POST", "/api/critical-line", body({ cause: "a\u0000b" }));
    expect(nul.statusCode).toBe(400);
    const garbled = await office("POST", "/api/critical-line", body({ init_date: "2030-01-02" }));
    expect(garbled.json().field_codes.init_date).toEqual([{ code: "invalid_date" }]);
  });

  it("takes dates as the other line APIs do: YYYY-MM-DDTHH:mm, with or without an offset", async () => {
    const day = isoDay(41);
    const plain = await create(office, {
      init_date: `${day}T08:00`,
      end_date: `${day}T16:30:00`,
    });
    expect(plain.init_date).toBe(`${day}T08:00:00.000Z`);
    expect(plain.end_date).toBe(`${day}T16:30:00.000Z`);
    // The same instants with an offset, as the expedition and reception APIs also take them.
    const replaced = await office("PUT", `/api/critical-line/${plain.id}`, {
      ...body(),
      init_date: `${day}T10:00+02:00`,
      end_date: `${day}T16:30:00Z`,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<CriticalLine>().init_date).toBe(`${day}T08:00:00.000Z`);
    const shipmentLike = await office("POST", "/api/expedition", {
      booked_date: `${day}T08:00`,
      destination: "Porto",
      client: 0,
    });
    // The expedition API reads the same text the same way (its 400 is the unknown client).
    expect(Object.keys(shipmentLike.json().fields ?? {})).not.toContain("booked_date");
  });

  it("keeps companies apart: another company's line is 404 to read, change and delete", async () => {
    const mine = await create(officeKl, { line: "KL-ONLY" });
    expect((await office("GET", `/api/critical-line/${mine.id}`)).statusCode).toBe(404);
    expect((await office("PUT", `/api/critical-line/${mine.id}`, body())).statusCode).toBe(404);
    expect((await office("DELETE", `/api/critical-line/${mine.id}`)).statusCode).toBe(404);
    expect((await list(office, "?line=KL-ONLY")).count).toBe(0);
    const warehouse = await callerFor(t, "warehouse", kl);
    expect((await warehouse("GET", "/api/critical-line")).statusCode).toBe(403);
  });

  it("belongs to trw companies: elsewhere every call is 403 and the feed carries none", async () => {
    const plain = await t.companyId(PLAIN);
    const mine = await create(office, { line: "TRW-ONLY" });
    for (const username of ["admin", "office"]) {
      const caller = await callerFor(t, username, plain);
      expect((await caller("GET", "/api/critical-line")).statusCode, username).toBe(403);
      expect((await caller("POST", "/api/critical-line", body())).statusCode).toBe(403);
      expect((await caller("GET", `/api/critical-line/${mine.id}`)).statusCode).toBe(403);
      const put = await caller("PUT", `/api/critical-line/${mine.id}`, body());
      expect(put.statusCode).toBe(403);
      expect((await caller("DELETE", `/api/critical-line/${mine.id}`)).statusCode).toBe(403);
      const history = await caller("GET", `/api/critical-line/${mine.id}/history`);
      expect(history.statusCode).toBe(403);
      const uid = crypto.randomUUID();
      const once = await caller("PUT", `/api/critical-line/uid/${uid}`, body());
      expect(once.statusCode).toBe(403);
    }
    expect(can(["admin"], "seeCriticalLines", false)).toBe(false);
    const admin = await callerFor(t, "admin", plain);
    const feed = (await admin("GET", "/api/changes")).json<Changes>();
    expect(JSON.stringify(feed)).not.toContain("TRW-ONLY");
  });

  it("enforces addCL, editCL and deleteCL per role, as the shared matrix says", async () => {
    const roles: [string, RoleKey][] = [
      ["admin", "admin"],
      ["office", "office"],
      ["warehouse", "warehouseResp"],
      ["forklift", "forklift"],
      ["kiosk", "kiosk"],
      ["readonly", "readOnly"],
      ["planner", "plannerTrw"],
      ["carretillero", "carretilleros"],
      ["client", "client"],
      ["provider", "provider"],
    ];
    for (const [username, role] of roles) {
      const caller = await callerFor(t, username, trw);
      const target = await create(office, { line: `ROLE-${username}` });
      const expectStatus = (allowed: boolean, ok: number) => (allowed ? ok : 403);
      const add = await caller("POST", "/api/critical-line", body());
      expect(add.statusCode, `${username} add`).toBe(expectStatus(can([role], "addCL", true), 201));
      const edit = await caller("PUT", `/api/critical-line/${target.id}`, body({ line: "EDITED" }));
      expect(edit.statusCode, `${username} edit`).toBe(
        expectStatus(can([role], "editCL", true), 200),
      );
      const remove = await caller("DELETE", `/api/critical-line/${target.id}`);
      expect(remove.statusCode, `${username} delete`).toBe(
        expectStatus(can([role], "deleteCL", true), 204),
      );
    }
    // The rules spelled out: a kiosk reads but neither adds nor deletes; read-only writes nothing.
    const kiosk = await callerFor(t, "kiosk", trw);
    expect((await kiosk("GET", "/api/critical-line")).statusCode).toBe(200);
    expect(can(["kiosk"], "addCL", true)).toBe(false);
    expect(can(["kiosk"], "deleteCL", true)).toBe(false);
    expect(can(["readOnly"], "editCL", true)).toBe(false);
    expect(can(["office"], "deleteCL", true)).toBe(true);
  });

  it("keeps a history: creation, then each change's fields, newest first (seeHistory)", async () => {
    const made = await create(office, { line: "HIST-1", observations: "" });
    const put = await office("PUT", `/api/critical-line/${made.id}`, body({ line: "HIST-2" }));
    expect(put.statusCode, put.body).toBe(200);
    const same = await office("PUT", `/api/critical-line/${made.id}`, body({ line: "HIST-2" }));
    expect(same.statusCode).toBe(200);
    const response = await office("GET", `/api/critical-line/${made.id}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<{ results: CriticalLineHistoryEntry[] }>();
    // A write that changes nothing leaves no entry.
    expect(results).toHaveLength(2);
    const [changed, created] = results;
    expect(changed?.user?.username).toBe("office");
    expect(changed?.modified_fields).toEqual({
      line: { old: "HIST-1", new: "HIST-2" },
      observations: { old: "", new: body().observations },
    });
    expect(created?.modified_fields.line).toEqual({ old: null, new: "HIST-1" });
    expect(created?.modified_fields).not.toHaveProperty("observations");
    const readonly = await callerFor(t, "readonly", trw);
    expect((await readonly("GET", `/api/critical-line/${made.id}/history`)).statusCode).toBe(403);
    expect((await officeKl("GET", `/api/critical-line/${made.id}/history`)).statusCode).toBe(404);
  });

  it("creates once under a client-chosen uid", async () => {
    const uid = "5b7a3c1e-2f4d-4a6b-9c8d-1e2f3a4b5c6d";
    const first = await office("PUT", `/api/critical-line/uid/${uid}`, body({ line: "UID-1" }));
    expect(first.statusCode, first.body).toBe(201);
    const again = await office("PUT", `/api/critical-line/uid/${uid}`, body({ line: "UID-2" }));
    expect(again.statusCode).toBe(200);
    expect(again.json<CriticalLine>()).toMatchObject({ id: first.json().id, line: "UID-1" });
  });

  it("reaches the mirror through the change feed: rows, then changes and deletions", async () => {
    const kiosk = await callerFor(t, "kiosk", trw);
    const pull = async (caller: Caller, since?: string) => {
      const answers: Changes[] = [];
      let cursor = since;
      for (;;) {
        const query = cursor ? `?since=${encodeURIComponent(cursor)}` : "";
        const response = await caller("GET", `/api/changes${query}`);
        expect(response.statusCode, response.body).toBe(200);
        const answer = response.json<Changes>();
        answers.push(answer);
        cursor = answer.cursor;
        if (!answer.more && !(answer.full && answer.more)) break;
      }
      return { answers, cursor: cursor as string };
    };
    // The feed hands out a change once every older transaction of the cluster has ended
    // (on a shared PostgreSQL, other databases' too): pull until what is expected arrives.
    const lines: CriticalLine[] = [];
    let cursor: string | undefined;
    await expect
      .poll(async () => {
        const next = await pull(kiosk, cursor);
        cursor = next.cursor;
        lines.push(...next.answers.flatMap((answer) => answer.critical_lines ?? []));
        return lines.map((line) => line.line);
      })
      .toContain("L-07");
    expect(lines.every((line) => line.company === trw)).toBe(true);

    const made = await create(office, { line: "FEED-1" });
    const seen: number[] = [];
    await expect
      .poll(async () => {
        const next = await pull(kiosk, cursor);
        cursor = next.cursor;
        seen.push(...next.answers.flatMap((a) => (a.critical_lines ?? []).map((l) => l.id)));
        return seen;
      })
      .toContain(made.id);

    expect((await office("DELETE", `/api/critical-line/${made.id}`)).statusCode).toBe(204);
    const deleted: number[] = [];
    await expect
      .poll(async () => {
        const next = await pull(kiosk, cursor);
        cursor = next.cursor;
        deleted.push(...next.answers.flatMap((a) => a.deleted.critical_lines ?? []));
        return deleted;
      })
      .toContain(made.id);

    // A plain company has none; its members are not told about another company's lines.
    const plainOffice = await callerFor(t, "office", await t.companyId(PLAIN));
    const plainFeed = await pull(plainOffice);
    const plainLines = plainFeed.answers.flatMap((answer) => answer.critical_lines ?? []);
    expect(plainLines).toEqual([]);
  });
});
