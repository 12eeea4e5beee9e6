import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Alert } from "../../../../shared/contract/alerts";
import { ALERT_MAX_BYTES } from "../../../../shared/contract/alerts";
import type { ErrorBody } from "../../../../shared/contract/errors";
import { PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { fakeExe, multipartBody, TINY_PNG } from "../../../test/multipart";

/** api/alerts (issue 16): admins upload alert images, every user of the company lists them. */
let t: TestApp;
let plain: number;
let trw: number;
let admin: Caller;
let kiosk: Caller;

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  trw = await t.companyId(TRW);
  admin = await callerFor(t, "admin", plain);
  kiosk = await callerFor(t, "kiosk", plain);
});
afterAll(async () => {
  await t?.close();
});

async function upload(username: string, filename: string, content: Buffer, fields = {}) {
  const { token } = await t.login(username);
  const body = multipartBody(fields, [{ filename, content }]);
  return t.app.inject({
    method: "POST",
    url: "/api/alerts",
    payload: body.payload,
    headers: { ...t.headers(token, plain), ...body.headers },
  });
}

interface Page<T> {
  count: number;
  results: T[];
}

describe("api/alerts", () => {
  it("an admin uploads an image; a kiosk lists it and gets its bytes; other companies do not", async () => {
    const created = await upload("admin", "dock-3.png", TINY_PNG, { description: "Dock 3 closed" });
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json<Alert>();
    expect(alert).toMatchObject({
      type: { description: "Dock 3 closed", media: `api/alerts/${alert.id}/media` },
      content_type: "image/png",
      size: TINY_PNG.length,
    });
    const list = await kiosk("GET", "/api/alerts", undefined, { area: "G" });
    expect(list.statusCode).toBe(200);
    // The two demo posters first, then the new one.
    const listed = list.json<Page<Alert>>().results;
    expect(listed.map((row) => row.type.description)).toEqual([
      "Wear your high-visibility vest in the yard",
      "Forklifts crossing: walk on the marked paths",
      "Dock 3 closed",
    ]);
    expect(listed.at(-1)?.id).toBe(alert.id);
    const media = await kiosk("GET", `/${alert.type.media}`);
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("image/png");
    expect(media.rawPayload.equals(TINY_PNG)).toBe(true);

    const other = await callerFor(t, "admin", trw);
    const theirs = (await other("GET", "/api/alerts")).json<Page<Alert>>().results;
    expect(theirs.map((row) => row.id)).not.toContain(alert.id);
    expect((await other("GET", `/${alert.type.media}`)).statusCode).toBe(404);
  });

  it("names an image without description by its file name", async () => {
    const created = await upload("admin", "../../evil/wet floor.png", TINY_PNG);
    expect(created.statusCode).toBe(201);
    expect(created.json<Alert>().type.description).toBe("wet floor.png");
  });

  it("refuses non-images, too large files, missing files and non-admins", async () => {
    const exe = await upload("admin", "poster.png", fakeExe());
    expect(exe.statusCode).toBe(400);
    expect(exe.json<ErrorBody>().field_codes).toEqual({ file: [{ code: "invalid_choice" }] });
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(ALERT_MAX_BYTES)]);
    expect((await upload("admin", "big.png", big)).statusCode).toBe(413);
    const { token } = await t.login("admin");
    const empty = multipartBody({ description: "x" }, []);
    const none = await t.app.inject({
      method: "POST",
      url: "/api/alerts",
      payload: empty.payload,
      headers: { ...t.headers(token, plain), ...empty.headers },
    });
    expect(none.statusCode).toBe(400);
    // A body the multipart parser cannot read is the client's mistake (found by the fuzz test).
    for (const payload of ["{", "garbage"]) {
      const unreadable = await t.app.inject({
        method: "POST",
        url: "/api/alerts",
        payload,
        headers: { ...t.headers(token, plain), "content-type": "multipart/form-data; boundary=x" },
      });
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json<ErrorBody>().code).toBe("bad_request");
    }
    expect((await upload("kiosk", "a.png", TINY_PNG)).statusCode).toBe(403);
    expect((await upload("office", "a.png", TINY_PNG)).statusCode).toBe(403);
  });

  it("an admin removes an alert", async () => {
    const created = (await upload("admin", "gone.png", TINY_PNG)).json<Alert>();
    expect((await kiosk("DELETE", `/api/alerts/${created.id}`)).statusCode).toBe(403);
    expect((await admin("DELETE", `/api/alerts/${created.id}`)).statusCode).toBe(204);
    expect((await admin("DELETE", `/api/alerts/${created.id}`)).statusCode).toBe(404);
    const left = (await admin("GET", "/api/alerts")).json<Page<Alert>>().results;
    expect(left.map((row) => row.id)).not.toContain(created.id);
  });
});
