import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attachment, AttachmentList } from "../../../../shared/contract/documents";
import { PLAIN, TRW } from "../../../db/demo-data";
import { sweepAttachments } from "../../../domain/documents/attachment-service";
import { createDirectoryStorage } from "../../../services/storage/directory-storage";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { fakeExe, multipartBody, TINY_PNG } from "../../../test/multipart";
import { clientId, insertLine } from "../../../test/shipments";

const MAX_BYTES = 64 * 1024;
/** The first bytes of a PDF (what file-type reads). */
const PDF = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< >>\nendobj\n", "latin1");
let t: TestApp;
let dir: string;
let plain: number;
let office: Caller;
let readonly: Caller;
let client: Caller;
/** A line of ACME FOODS (one of the client user's clients) and one of IBERIA PHARMA (not). */
let line: number;
let otherClientLine: number;

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
  dir = mkdtempSync(join(tmpdir(), "yardline-attachments-test-"));
  t = await createTestApp({ config: { attachments: { dir, maxBytes: MAX_BYTES } } });
  plain = await t.companyId(PLAIN);
  line = await insertLine(t.app.db, plain, 1, {
    clientId: await clientId(t.app.db, plain, "ACME FOODS"),
  });
  otherClientLine = await insertLine(t.app.db, plain, 2, {
    clientId: await clientId(t.app.db, plain, "IBERIA PHARMA"),
  });
  [office, readonly, client] = await Promise.all([
    callerFor(t, "office", plain),
    callerFor(t, "readonly", plain),
    callerFor(t, "client", plain),
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Uploads through inject as `username` (fields first, the file last). */
async function upload(
  username: string,
  shipment: number,
  filename: string,
  content: Buffer,
  fields: Record<string, string> = {},
  company = plain,
) {
  const token = await tokenOf(username);
  const body = multipartBody({ shipment: String(shipment), ...fields }, [{ filename, content }]);
  return t.app.inject({
    method: "POST",
    url: "/api/attachment",
    payload: body.payload,
    headers: { ...t.headers(token, company), ...body.headers },
  });
}

const stored = () => readdirSync(dir).sort();

describe("upload, list, download, image content", () => {
  it("stores a photo: sniffed as an image, description defaults to the file name", async () => {
    const response = await upload("office", line, "pallet.png", TINY_PNG);
    expect(response.statusCode, response.body).toBe(201);
    const attachment = response.json<Attachment>();
    expect(attachment).toMatchObject({
      shipment: line,
      company: plain,
      name: "pallet.png",
      description: "pallet.png",
      is_image: true,
      content_type: "image/png",
      size: TINY_PNG.length,
    });

    const list = await readonly("GET", `/api/attachment?shipment=${line}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<AttachmentList>().results.map((a) => a.id)).toContain(attachment.id);

    const download = await readonly("GET", `/api/attachment/${attachment.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.headers["content-disposition"]).toContain('filename="pallet.png"');
    expect(download.rawPayload.equals(TINY_PNG)).toBe(true);

    const content = await client("GET", `/api/attachment/${attachment.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(Buffer.from(content.json<{ file: string }>().file, "base64").equals(TINY_PNG)).toBe(
      true,
    );
  });

  it("keeps a description and tells images from documents by the bytes, not the name", async () => {
    const exe = await upload("office", line, "photo.png", PDF, {
      description: "Not a photo",
    });
    expect(exe.statusCode, exe.body).toBe(201);
    expect(exe.json<Attachment>()).toMatchObject({
      name: "photo.png",
      description: "Not a photo",
      is_image: false,
      content_type: "application/pdf",
    });
    const text = await upload("office", line, "notes.txt", Buffer.from("plain words"));
    expect(text.json<Attachment>()).toMatchObject({
      is_image: false,
      content_type: "application/octet-stream",
    });
    // Stored bytes go as they are, even an octet-stream a compressor would take.
    const words = Buffer.from("plain words ".repeat(200));
    const long = await upload("office", line, "long.txt", words);
    const raw = await office(
      "GET",
      `/api/attachment/${long.json<Attachment>().id}/download`,
      undefined,
      { "accept-encoding": "br, gzip" },
    );
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.headers["content-length"]).toBe(String(words.length));
    expect(raw.rawPayload.equals(words)).toBe(true);
    const images = await office("GET", `/api/attachment?shipment=${line}&is_image=true`);
    expect(images.json<AttachmentList>().results.every((a) => a.is_image)).toBe(true);
    const documents = await office("GET", `/api/attachment?shipment=${line}&is_image=false`);
    expect(documents.json<AttachmentList>().results.map((a) => a.name)).toEqual(
      expect.arrayContaining(["photo.png", "notes.txt"]),
    );
    const notImage = await office("GET", `/api/attachment/${exe.json<Attachment>().id}/content`);
    expect(notImage.statusCode).toBe(400);
  });

  it("never uses a name as a path", async () => {
    const before = stored();
    for (const name of ["../../etc/passwd", "..\\..\\windows\\evil.bat", "..", "a/b/../c.txt"]) {
      const response = await upload("office", line, name, Buffer.from("x"));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Attachment>().name).not.toMatch(/[\\/]/);
    }
    const after = stored();
    expect(after.length).toBe(before.length + 4);
    for (const file of after) expect(file).toMatch(/^[0-9a-f-]{36}$/);
    const names = (await office("GET", `/api/attachment?shipment=${line}`))
      .json<AttachmentList>()
      .results.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(["passwd", "evil.bat", "file", "c.txt"]));
  });

  it("refuses a file over the size limit and keeps nothing", async () => {
    const before = stored();
    const count = (await office("GET", `/api/attachment?shipment=${line}`)).json<AttachmentList>()
      .count;
    const response = await upload("office", line, "big.txt", Buffer.alloc(MAX_BYTES + 1, "a"));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "payload_too_large" });
    expect(stored()).toEqual(before);
    expect(
      (await office("GET", `/api/attachment?shipment=${line}`)).json<AttachmentList>().count,
    ).toBe(count);
    const exactly = await upload("office", line, "max.txt", Buffer.alloc(MAX_BYTES, "a"));
    expect(exactly.statusCode).toBe(201);
  });

  it("keeps photos, PDF, office documents and text; refuses other types 415 and keeps nothing", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Load").addRow(["pallets", 12]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const cfb = Buffer.alloc(1024);
    Buffer.from("d0cf11e0a1b11ae1", "hex").copy(cfb);
    const heic = Buffer.alloc(64);
    heic.writeUInt32BE(24, 0);
    heic.write("ftypheicmif1heic", 4, "latin1");
    const kept: [string, Buffer, string][] = [
      ["dock.png", TINY_PNG, "image/png"],
      ["phone.heic", heic, "image/heic"],
      ["cmr.pdf", PDF, "application/pdf"],
      ["load.xlsx", xlsx, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["old.xls", cfb, "application/x-cfb"],
      ["pallets.csv", Buffer.from("code;pallets\r\nA-1;12\r\n"), "application/octet-stream"],
      [
        "notas.txt",
        Buffer.from("Muelle 4, entrada por la puerta sur", "latin1"),
        "application/octet-stream",
      ],
    ];
    for (const [name, content, type] of kept) {
      const response = await upload("office", line, name, content);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
      expect(response.json<Attachment>().content_type, name).toBe(type);
    }
    const before = stored();
    const zip = Buffer.from("504b0304140000000000", "hex");
    for (const [name, content] of [
      ["photo.png", fakeExe()],
      ["tool.exe", fakeExe()],
      ["bundle.zip", Buffer.concat([zip, Buffer.alloc(64, 1)])],
      ["noise.bin", Buffer.alloc(256, 7)],
    ] as const) {
      const response = await upload("office", line, name, content);
      expect(response.statusCode, name).toBe(415);
      expect(response.json(), name).toMatchObject({
        code: "unsupported_file_type",
        field_codes: { file: [{ code: "unsupported_type" }] },
      });
    }
    expect(stored()).toEqual(before);
  });

  it("refuses a body without a file, or that is not multipart", async () => {
    const { token } = await t.login("office");
    const body = multipartBody({ shipment: String(line) }, []);
    const none = await t.app.inject({
      method: "POST",
      url: "/api/attachment",
      payload: body.payload,
      headers: { ...t.headers(token, plain), ...body.headers },
    });
    expect(none.statusCode).toBe(400);
    const json = await office("POST", "/api/attachment", { shipment: line });
    expect(json.statusCode).toBe(415);
    // Bodies the multipart parser cannot read are the client's mistake, never a 500, and
    // leave no file behind.
    const before = stored();
    for (const [type, payload] of [
      ["multipart/form-data", "{}"],
      ["multipart/form-data; boundary=xx", "garbage"],
      [
        "multipart/form-data; boundary=xx",
        '--xx\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
      ],
    ] as const) {
      const broken = await t.app.inject({
        method: "POST",
        url: "/api/attachment",
        payload,
        headers: { ...t.headers(token, plain), "content-type": type },
      });
      expect(broken.statusCode, `${type} ${payload}`).toBe(400);
    }
    expect(stored()).toEqual(before);
  });
});

describe("a retried upload (same Idempotency-Key) is stored once", () => {
  it("answers the first upload again, with one row and one file", async () => {
    const token = await tokenOf("office");
    const body = multipartBody({ shipment: String(line) }, [
      { filename: "retry.png", content: TINY_PNG },
    ]);
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/api/attachment",
        payload: body.payload,
        headers: { ...t.headers(token, plain), ...body.headers, "idempotency-key": "upload-1" },
      });
    const before = stored().length;
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json<Attachment>().id).toBe(first.json<Attachment>().id);
    expect(stored().length).toBe(before + 1);
    const named = (await office("GET", `/api/attachment?shipment=${line}`))
      .json<AttachmentList>()
      .results.filter((a) => a.name === "retry.png");
    expect(named).toHaveLength(1);
  });
});

describe("permissions and scope", () => {
  it("needs the line's edit right to upload or delete; seeing it is enough to read", async () => {
    const before = stored();
    const refused = await upload("readonly", line, "x.txt", Buffer.from("x"));
    expect(refused.statusCode).toBe(403);
    expect(stored()).toEqual(before);
    const mine = (await upload("office", line, "keep.txt", Buffer.from("k"))).json<Attachment>();
    expect((await readonly("DELETE", `/api/attachment/${mine.id}`)).statusCode).toBe(403);
    expect((await readonly("GET", `/api/attachment/${mine.id}/download`)).statusCode).toBe(200);
  });

  it("hides other clients' lines from a client user and other companies' files", async () => {
    const other = (
      await upload("office", otherClientLine, "o.txt", Buffer.from("o"))
    ).json<Attachment>();
    expect((await client("GET", `/api/attachment?shipment=${otherClientLine}`)).statusCode).toBe(
      404,
    );
    expect((await client("GET", `/api/attachment/${other.id}/download`)).statusCode).toBe(404);
    expect((await client("DELETE", `/api/attachment/${other.id}`)).statusCode).toBe(404);
    const trw = await callerFor(t, "office", await t.companyId(TRW));
    expect((await trw("GET", `/api/attachment/${other.id}/download`)).statusCode).toBe(404);
    expect((await trw("GET", `/api/attachment?shipment=${line}`)).statusCode).toBe(404);
    const cross = await upload(
      "office",
      line,
      "x.txt",
      Buffer.from("x"),
      {},
      await t.companyId(TRW),
    );
    expect(cross.statusCode).toBe(404);
  });
});

describe("deleting leaves no file behind", () => {
  it("removes the file with the attachment", async () => {
    const attachment = (
      await upload("office", line, "gone.txt", Buffer.from("bye"))
    ).json<Attachment>();
    const before = stored();
    expect((await office("DELETE", `/api/attachment/${attachment.id}`)).statusCode).toBe(204);
    expect(stored().length).toBe(before.length - 1);
    expect((await office("GET", `/api/attachment/${attachment.id}/download`)).statusCode).toBe(404);
    expect((await office("DELETE", `/api/attachment/${attachment.id}`)).statusCode).toBe(404);
  });

  it("removes a deleted line's files, and files no row names", async () => {
    const doomed = await insertLine(t.app.db, plain, 1);
    await upload("office", doomed, "a.txt", Buffer.from("a"));
    await upload("office", doomed, "b.png", TINY_PNG);
    const before = stored();
    expect((await office("DELETE", `/api/expedition/${doomed}`)).statusCode).toBe(204);
    // Deleting the line already took its files.
    expect(stored().length).toBe(before.length - 2);
    writeFileSync(join(dir, "00000000-0000-4000-8000-000000000000"), "orphan");
    const swept = await sweepAttachments(t.app.db, createDirectoryStorage(dir), 0);
    expect(swept.files).toBe(1);
    expect(stored()).not.toContain("00000000-0000-4000-8000-000000000000");
    expect(stored().length).toBe(before.length - 2);
  });
});
