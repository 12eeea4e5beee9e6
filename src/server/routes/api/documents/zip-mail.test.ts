import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attachment } from "../../../../shared/contract/documents";
import { PLAIN } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { multipartBody, TINY_PNG } from "../../../test/multipart";
import { insertLine } from "../../../test/shipments";
import { startTestSmtpServer, type TestSmtpServer } from "../../../test/smtp-server";
import { unzip } from "../../../test/unzip";

let t: TestApp;
let dir: string;
let smtp: TestSmtpServer;
let plain: number;
let office: Caller;
let line: number;
let emptyLine: number;
let photo: Attachment;
let note: Attachment;
let again: Attachment;
const NOTE = Buffer.from("delivery note 123\n");

async function upload(shipment: number, filename: string, content: Buffer) {
  const token = await tokenOf("office");
  const body = multipartBody({ shipment: String(shipment) }, [{ filename, content }]);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/attachment",
    payload: body.payload,
    headers: { ...t.headers(token, plain), ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Attachment>();
}

/** One sign-in per user for the file (each costs a password hash). */
const tokens = new Map<string, Promise<string>>();
function tokenOf(username: string): Promise<string> {
  let found = tokens.get(username);
  if (!found) {
    found = t.login(username).then((answer) => answer.token);
    tokens.set(username, found);
  }
  return found;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "yardline-zip-test-"));
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    config: { attachments: { dir, maxBytes: 1_048_576 }, mail: smtp.mailConfig },
  });
  plain = await t.companyId(PLAIN);
  line = await insertLine(t.app.db, plain, 1, { code: "ZIP-001" });
  emptyLine = await insertLine(t.app.db, plain, 2, { code: "EMPTY-1" });
  office = await callerFor(t, "office", plain);
  photo = await upload(line, "pallet.png", TINY_PNG);
  note = await upload(line, "note.txt", NOTE);
  again = await upload(line, "note.txt", Buffer.from("second"));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("zip", () => {
  it("streams every attachment of the line, names made unique", async () => {
    const response = await office("GET", `/api/attachment/zip?shipment=${line}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect((await office("GET", "/api/attachment/mail-status")).json()).toEqual({ enabled: true });
    expect(response.headers["content-disposition"]).toContain("Expedition-ZIP-001.zip");
    const files = await unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(["note (2).txt", "note.txt", "pallet.png"]);
    expect(files.get("pallet.png")?.equals(TINY_PNG)).toBe(true);
    expect(files.get("note.txt")?.equals(NOTE)).toBe(true);
    expect(files.get("note (2).txt")?.toString()).toBe("second");
  });

  it("takes a scope or a selection", async () => {
    const images = await unzip(
      (await office("GET", `/api/attachment/zip?shipment=${line}&scope=images`)).rawPayload,
    );
    expect([...images.keys()]).toEqual(["pallet.png"]);
    const documents = await unzip(
      (await office("GET", `/api/attachment/zip?shipment=${line}&scope=documents`)).rawPayload,
    );
    expect([...documents.keys()].sort()).toEqual(["note (2).txt", "note.txt"]);
    const chosen = await unzip(
      (await office("GET", `/api/attachment/zip?shipment=${line}&ids=${photo.id},${again.id}`))
        .rawPayload,
    );
    expect([...chosen.keys()].sort()).toEqual(["note.txt", "pallet.png"]);
  });

  it("answers the spec's notice when the scope holds nothing", async () => {
    const images = await office("GET", `/api/attachment/zip?shipment=${emptyLine}&scope=images`);
    expect(images.statusCode).toBe(400);
    expect(images.json()).toMatchObject({ code: "no_images" });
    const files = await office("GET", `/api/attachment/zip?shipment=${emptyLine}&scope=documents`);
    expect(files.json()).toMatchObject({ code: "no_files" });
  });
});

describe("mail", () => {
  it("sends the chosen attachments to every recipient, read back from the SMTP server", async () => {
    const before = smtp.received.length;
    const response = await office("POST", "/api/attachment/mail", {
      shipment: line,
      mail: " dock@example.com , buyer@example.org",
      scope: "all",
      ids: [photo.id, note.id],
      language: "es",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: "mail_sent",
      recipients: ["dock@example.com", "buyer@example.org"],
      attachments: 2,
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeTo.sort()).toEqual(["buyer@example.org", "dock@example.com"]);
    expect(mail?.parsed.subject).toBe("Expedición ZIP-001: documentos");
    const attached = new Map(
      mail?.parsed.attachments.map((a) => [a.filename ?? "", a.content]) ?? [],
    );
    expect([...attached.keys()].sort()).toEqual(["note.txt", "pallet.png"]);
    expect(attached.get("pallet.png")?.equals(TINY_PNG)).toBe(true);
    expect(attached.get("note.txt")?.equals(NOTE)).toBe(true);
  });

  it("checks recipients and scope with the spec's notices", async () => {
    const send = (body: object) =>
      office("POST", "/api/attachment/mail", { shipment: line, scope: "all", ...body });
    expect((await send({ mail: " , " })).json()).toMatchObject({ code: "no_email" });
    expect((await send({ mail: [] })).json()).toMatchObject({ code: "no_email" });
    const invalid = await send({ mail: "ok@example.com, not-an-address" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: "invalid_email" });
    const noImages = await office("POST", "/api/attachment/mail", {
      shipment: emptyLine,
      mail: "a@example.com",
      scope: "images",
    });
    expect(noImages.json()).toMatchObject({ code: "no_images" });
  });

  it("says mail is off when no SMTP server is configured", async () => {
    const off = await createTestApp({
      config: {
        attachments: { dir, maxBytes: 1_048_576 },
        mail: { ...smtp.mailConfig, host: undefined },
      },
    });
    try {
      const caller = await callerFor(off, "office", plain);
      const offLine = await insertLine(off.app.db, plain, 1);
      const { token } = await off.login("office");
      const body = multipartBody({ shipment: String(offLine) }, [
        { filename: "a.txt", content: Buffer.from("a") },
      ]);
      await off.app.inject({
        method: "POST",
        url: "/api/attachment",
        payload: body.payload,
        headers: { ...off.headers(token, plain), ...body.headers },
      });
      const response = await caller("POST", "/api/attachment/mail", {
        shipment: offLine,
        mail: "a@example.com",
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "mail_disabled" });
      const status = await caller("GET", "/api/attachment/mail-status");
      expect(status.json()).toEqual({ enabled: false });
    } finally {
      await off.close();
    }
  }, 90_000);
});
