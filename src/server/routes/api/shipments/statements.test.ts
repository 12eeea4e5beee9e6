import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import type { Changes } from "../../../../shared/contract/changes";
import type { Expedition } from "../../../../shared/contract/shipments";
import { PLAIN } from "../../../db/demo-data";
import { users } from "../../../db/schema/users";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { insertLine } from "../../../test/shipments";
import { statementsOf } from "../../../test/statement-count";

/**
 * The statements of the hot requests of two hundred devices (issue 30, scripts/bench-load.ts):
 * a status change as the outbox sends it (If-Match, Idempotency-Key) and the feed pull every
 * device makes after it. Each statement is a round trip and a parse, plan and execute on the
 * one database all instances share; these counts fail when one comes back. The caller's auth
 * context is kept between requests (auth/context-cache.ts) until something it was read from
 * changes: then it is one statement more.
 */

let t: TestApp;
let office: Caller;
let plain: number;

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  office = await callerFor(t, "office", plain);
  // The instance's first keyed write also prunes old keys (once an hour): not counted here.
  const warm = await lineInWindow();
  const response = await office("PATCH", `/api/expedition/${warm}`, { status: 10 }, keyed(1));
  expect(response.statusCode, response.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** A line booked tomorrow at noon UTC: inside the feed's window whatever the hour. */
async function lineInWindow(): Promise<number> {
  const day = Math.floor(Date.now() / 86_400_000) + 1;
  return insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
    bookedDate: new Date(day * 86_400_000 + 12 * 3_600_000),
  });
}

async function cursorNow(): Promise<string> {
  let since: string | undefined;
  for (;;) {
    const query = since === undefined ? "" : `?since=${encodeURIComponent(since)}`;
    const response = await office("GET", `/api/changes${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Changes>();
    since = page.cursor;
    if (!page.more) return since;
  }
}

/** The statements, one line each, for a failure's message. */
const listed = (statements: string[]) =>
  statements.map((text) => text.replace(/\s+/g, " ").slice(0, 120)).join("\n");
const counted = async (work: () => Promise<unknown>) => statementsOf(t.app.db, work);
const keyed = (version: number) => ({
  "if-match": `"${version}"`,
  "idempotency-key": randomUUID(),
});

describe("statements of a hot request", () => {
  it("a status change is claim, line, one write, stored answer", async () => {
    const id = await lineInWindow();
    let answer: Expedition | undefined;
    const statements = await counted(async () => {
      const response = await office("PATCH", `/api/expedition/${id}`, { status: 10 }, keyed(1));
      expect(response.statusCode, response.body).toBe(200);
      answer = response.json<Expedition>();
    });
    expect(answer).toMatchObject({ id, status: { id: 10 }, version: 2 });
    expect(statements, listed(statements)).toHaveLength(4);
  });

  it("an edit of one field is claim, line, one write, stored answer", async () => {
    const id = await lineInWindow();
    const statements = await counted(async () => {
      const response = await office("PUT", `/api/expedition/${id}`, { dock: "D9" }, keyed(1));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Expedition>()).toMatchObject({ id, dock: "D9", version: 2 });
    });
    expect(statements, listed(statements)).toHaveLength(4);
  });

  it("a feed pull after a change is the changes with their bound and lines", async () => {
    const id = await lineInWindow();
    const since = await cursorNow();
    const patched = await office("PATCH", `/api/expedition/${id}`, { status: 10 }, keyed(1));
    expect(patched.statusCode, patched.body).toBe(200);
    let page: Changes | undefined;
    const statements = await counted(async () => {
      const response = await office("GET", `/api/changes?since=${encodeURIComponent(since)}`);
      expect(response.statusCode, response.body).toBe(200);
      page = response.json<Changes>();
    });
    expect(page?.shipments.map((line) => [line.id, line.version])).toEqual([[id, 2]]);
    expect(statements, listed(statements)).toHaveLength(1);
  });

  it("a feed pull with nothing new is the changes with their bound", async () => {
    const since = await cursorNow();
    const statements = await counted(async () => {
      const response = await office("GET", `/api/changes?since=${encodeURIComponent(since)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Changes>()).toMatchObject({ more: false, shipments: [] });
    });
    expect(statements, listed(statements)).toHaveLength(1);
  });

  it("devices pulling from one cursor at once share the feed's statement, each seeing the change", async () => {
    const id = await lineInWindow();
    const since = await cursorNow();
    const patched = await office("PATCH", `/api/expedition/${id}`, { status: 10 }, keyed(1));
    expect(patched.statusCode, patched.body).toBe(200);
    const devices = 10;
    let pages: Changes[] = [];
    const statements = await counted(async () => {
      const answers = await Promise.all(
        Array.from({ length: devices }, () =>
          office("GET", `/api/changes?since=${encodeURIComponent(since)}`),
        ),
      );
      pages = answers.map((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return response.json<Changes>();
      });
    });
    for (const page of pages) {
      expect(page.shipments.map((line) => [line.id, line.version])).toEqual([[id, 2]]);
    }
    // One run for the first pull, the next shared by those that came while it ran (a pull
    // never takes an answer read before it asked: db/coalesced-reads.ts). Each run answers its
    // pulls alike; two runs' cursors may differ, since the snapshot bound a cursor carries is
    // the cluster's and other files write on the same PostgreSQL meanwhile.
    expect(statements.length, listed(statements)).toBeLessThan(devices);
    const answers = new Set(pages.map((page) => page.cursor));
    expect(answers.size).toBeLessThanOrEqual(statements.length);
  });

  it("loads the auth context again after a change to what it was read from", async () => {
    const since = await cursorNow();
    await t.app.db.update(users).set({ firstName: "Oficina" }).where(eq(users.username, "office"));
    const pull = () =>
      counted(async () => {
        const response = await office("GET", `/api/changes?since=${encodeURIComponent(since)}`);
        expect(response.statusCode, response.body).toBe(200);
      });
    const first = await pull();
    expect(first, listed(first)).toHaveLength(2);
    expect(first[0]).toMatch(/from "sessions"/);
    // Kept again (on PostgreSQL the writer's notice also comes back through LISTEN a moment
    // later and forgets it once more).
    await vi.waitFor(async () => {
      const later = await pull();
      expect(later, listed(later)).toHaveLength(1);
    });
  });
});
