import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAIN } from "../db/demo-data";
import { type Caller, callerFor } from "../test/api-caller";
import { createTestApp, type TestApp } from "../test/harness";
import { withPage } from "./page";

/** Lists answer Django REST framework's page shape: {count, next, previous, results}. */

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: number }[];
}

/** The origin inject's requests come in on (Host: localhost:80). */
const ORIGIN = "http://localhost:80";
/** A link as the API answers it: absolute, as DRF's are. */
const at = (path: string) => `${ORIGIN}${path}`;

let t: TestApp;
let office: Caller;

beforeAll(async () => {
  t = await createTestApp();
  office = await callerFor(t, "office", await t.companyId(PLAIN));
});
afterAll(async () => {
  await t?.close();
});

async function page(url: string): Promise<Page> {
  const response = await office("GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

/** Follows next from `url` to the end, then previous back; returns the ids seen forwards. */
async function walk(url: string): Promise<{ first: Page; pages: Page[] }> {
  const first = await page(url);
  const pages = [first];
  for (let at = first; at.next; ) {
    at = await page(at.next);
    pages.push(at);
  }
  return { first, pages };
}

describe("list pages", () => {
  it("the first page has no previous, the last no next, and next walks every row once", async () => {
    const { first, pages } = await walk("/api/expedition?page_size=7");
    expect(first.previous).toBeNull();
    expect(first.next).toBe(at("/api/expedition?page_size=7&page=2"));
    expect(pages).toHaveLength(Math.ceil(first.count / 7));
    const last = pages.at(-1) as Page;
    expect(last.next).toBeNull();
    expect(last.previous).toBe(at(`/api/expedition?page_size=7&page=${pages.length - 1}`));
    const ids = pages.flatMap((each) => each.results.map((row) => row.id));
    expect(new Set(ids).size).toBe(first.count);
  });

  it("keeps every filter, repeated ones too, and page 2's previous is page 1 without page", async () => {
    const url = "/api/expedition?status=1&status=2&status=3&status=10&code=alb&page_size=2&page=2";
    const second = await page(url);
    expect(second.count).toBeGreaterThan(4);
    expect(second.previous).toBe(
      at("/api/expedition?status=1&status=2&status=3&status=10&code=alb&page_size=2"),
    );
    expect(second.next).toBe(
      at("/api/expedition?status=1&status=2&status=3&status=10&code=alb&page_size=2&page=3"),
    );
    const back = await page(second.previous as string);
    const forward = await page(second.next as string);
    expect(back.previous).toBeNull();
    expect([back.count, forward.count]).toEqual([second.count, second.count]);
    expect([...back.results, ...second.results, ...forward.results]).toHaveLength(6);
    for (const row of forward.results) {
      expect(second.results.map((each) => each.id)).not.toContain(row.id);
    }
  });

  it("a single page has neither; a page past the end is 404 as DRF answers it", async () => {
    const all = await page("/api/reception?page_size=1000");
    expect(all.next).toBeNull();
    expect(all.previous).toBeNull();
    const last = Math.ceil(all.count / 25);
    const lastPage = await page(`/api/reception?page_size=25&page=${last}`);
    expect(lastPage.next).toBeNull();
    const beyond = await office("GET", `/api/reception?page_size=25&page=${last + 1}`);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ code: "not_found", message: "Invalid page." });
    // Page 1 of an empty list is a page, not a 404.
    const empty = await page("/api/reception?code=NO-SUCH-LINE-AT-ALL");
    expect(empty).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("links carry the forwarded scheme and host only behind a trusted proxy", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "yard.example.com" };
    // The test app trusts no proxy: the headers are ignored.
    const direct = await office("GET", "/api/shipper?page_size=1", undefined, forwarded);
    expect(direct.json<Page>().next).toBe(at("/api/shipper?page_size=1&page=2"));
    const proxied = await createTestApp({ config: { trustProxy: 1 } });
    try {
      const behind = await callerFor(proxied, "office", await proxied.companyId(PLAIN));
      const answer = await behind("GET", "/api/shipper?page_size=1", undefined, forwarded);
      expect(answer.json<Page>().next).toBe(
        "https://yard.example.com/api/shipper?page_size=1&page=2",
      );
    } finally {
      await proxied.close();
    }
  });

  it("the trucks, companies and history lists page the same way; lookups answer whole", async () => {
    const trucks = await page("/api/shipper?page_size=1");
    expect(trucks.count).toBeGreaterThan(1);
    expect(trucks.previous).toBeNull();
    expect(trucks.next).toBe(at("/api/shipper?page_size=1&page=2"));
    const companies = await page("/api/company?page_size=1&page=2");
    expect(companies.previous).toBe(at("/api/company?page_size=1"));
    expect(companies.next).toBe(companies.count > 2 ? at("/api/company?page_size=1&page=3") : null);
    const [line] = (await page("/api/expedition?page_size=1")).results;
    const history = await page(`/api/historic?shipment=${line?.id}&page_size=1`);
    expect(history.previous).toBeNull();
    expect(history.next).toBe(
      history.count > 1 ? at(`/api/historic?shipment=${line?.id}&page_size=1&page=2`) : null,
    );
    for (const lookup of ["/api/status?type=1", "/api/reason", "/api/shipper/available"]) {
      const whole = await page(lookup);
      expect([whole.next, whole.previous], lookup).toEqual([null, null]);
      expect(whole.results).toHaveLength(whole.count);
    }
  });

  it("the OpenAPI document names next and previous on every list", async () => {
    const response = await t.app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    const ok = doc.paths["/api/expedition"]?.get?.responses["200"];
    const text = JSON.stringify(ok);
    for (const field of ["count", "next", "previous", "results"]) expect(text).toContain(field);
  });
});

describe("withPage", () => {
  it("sets, replaces or drops the page and leaves the rest as sent", () => {
    expect(withPage("/api/x", 2)).toBe("/api/x?page=2");
    expect(withPage("/api/x?page=3&a=1", 4)).toBe("/api/x?page=4&a=1");
    expect(withPage("/api/x?page=2&a=1&a=2", 1)).toBe("/api/x?a=1&a=2");
    expect(withPage("/api/x?q=a%20b", 2)).toBe("/api/x?q=a+b&page=2");
  });
});
