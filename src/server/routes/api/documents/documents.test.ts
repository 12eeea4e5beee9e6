import jsQR from "jsqr";
import { PNG } from "pngjs";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Material, PackingLine } from "../../../../shared/contract/documents-packing";
import { PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { clientId, insertLine } from "../../../test/shipments";

let t: TestApp;
let plain: number;
let office: Caller;
let readonly: Caller;
let expedition: number;
let reception: number;

beforeAll(async () => {
  t = await createTestApp();
  t.app.serverConfig.runtime.packingListEnabled = true;
  plain = await t.companyId(PLAIN);
  const acme = await clientId(t.app.db, plain, "ACME FOODS");
  expedition = await insertLine(t.app.db, plain, 1, {
    code: "ALB-7731",
    clientId: acme,
    place: "Valencia Puerto",
    dock: "D4",
    bookedDate: new Date("2031-03-04T09:30:00Z"),
  });
  reception = await insertLine(t.app.db, plain, 2, { code: "REC-55", place: "Oporto" });
  office = await callerFor(t, "office", plain);
  readonly = await callerFor(t, "readonly", plain);
});
afterAll(async () => {
  await t?.close();
});

function decodeQr(base64: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(base64, "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function pdfText(payload: Buffer): Promise<string> {
  expect(payload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(new Uint8Array(payload), { mergePages: true });
  return text;
}

describe("QR", () => {
  it("decodes back to the link of the line in the app", async () => {
    const response = await readonly("GET", `/api/shipment/${expedition}/qr`, undefined, {
      host: "yard.example.com",
    });
    expect(response.statusCode, response.body).toBe(200);
    const { qr, link } = response.json<{ qr: string; link: string }>();
    expect(link).toBe(`http://yard.example.com/expedition/${expedition}`);
    expect(decodeQr(qr)).toBe(link);
    const rec = (await office("GET", `/api/shipment/${reception}/qr`)).json<{ qr: string }>();
    expect(decodeQr(rec.qr)).toMatch(new RegExp(`/reception/${reception}$`));
  });

  it("is scoped to the company", async () => {
    const trw = await callerFor(t, "office", await t.companyId(TRW));
    expect((await trw("GET", `/api/shipment/${expedition}/qr`)).statusCode).toBe(404);
  });
});

describe("label and check list", () => {
  it("label: a PDF whose text holds the code, client, place and dock, in the language", async () => {
    const response = await readonly(
      "GET",
      `/api/shipment/${expedition}/label?lang=es&tz=Europe/Madrid`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain("Label-Expedition-ALB-7731.pdf");
    const text = await pdfText(response.rawPayload);
    for (const part of ["ALB-7731", "ACME FOODS", "Valencia Puerto", "D4", "04/03/2031 10:30"]) {
      expect(text).toContain(part);
    }
    expect(text).toContain("EXPEDICIÓN");
    expect(text).toContain("Destino");
  });

  it("check list: the line's data and packing lines with boxes, by Accept-Language", async () => {
    const material = (
      await office("POST", "/api/material", { reference: "PAL-EU", name: "Euro pallet" })
    ).json<Material>();
    const added = await office("POST", "/api/packing-list", {
      shipment: reception,
      material: material.id,
      number_packages: 12,
    });
    expect(added.statusCode, added.body).toBe(201);
    const response = await office(
      "GET",
      `/api/shipment/${reception}/check-list?disposition=attachment`,
      undefined,
      { "accept-language": "pt-PT,pt;q=0.9" },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment;.*CheckList-Reception-REC-55\.pdf/,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("REC-55");
    expect(text).toContain("Lista de verificação");
    expect(text).toContain("Euro pallet");
    expect(text).toContain("Oporto");
  });
});

describe("packing lists and materials", () => {
  it("lists, adds and deletes packing lines; materials found by name", async () => {
    const material = (
      await office("POST", "/api/material", { reference: "BOX-S", name: "Small box" })
    ).json<Material>();
    const duplicate = await office("POST", "/api/material", { reference: "BOX-S", name: "Other" });
    expect(duplicate.statusCode).toBe(409);
    const found = await readonly("GET", "/api/material/autocomplete_name?name=small");
    expect(found.json<Material[]>().map((m) => m.reference)).toContain("BOX-S");

    const line = (
      await office("POST", "/api/packing-list", {
        shipment: expedition,
        material: material.id,
        number_packages: 3,
      })
    ).json<PackingLine>();
    expect(line).toMatchObject({ number_packages: 3, material: { reference: "BOX-S" } });
    const list = await readonly("GET", `/api/packing-list?shipment=${expedition}`);
    expect(list.json<{ results: PackingLine[] }>().results.map((l) => l.id)).toContain(line.id);

    expect((await readonly("DELETE", `/api/packing-list/${line.id}`)).statusCode).toBe(403);
    expect(
      (
        await readonly("POST", "/api/packing-list", {
          shipment: expedition,
          material: material.id,
          number_packages: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await readonly("POST", "/api/material", { reference: "R", name: "N" })).statusCode,
    ).toBe(403);
    expect((await office("DELETE", `/api/packing-list/${line.id}`)).statusCode).toBe(204);
    const after = await office("GET", `/api/packing-list?shipment=${expedition}`);
    expect(after.json<{ results: PackingLine[] }>().results.map((l) => l.id)).not.toContain(
      line.id,
    );
  });

  it("answers 404 while PACKING_LIST_ENABLED is off", async () => {
    t.app.serverConfig.runtime.packingListEnabled = false;
    try {
      expect((await office("GET", `/api/packing-list?shipment=${expedition}`)).statusCode).toBe(
        404,
      );
      expect((await office("GET", "/api/material")).statusCode).toBe(404);
    } finally {
      t.app.serverConfig.runtime.packingListEnabled = true;
    }
  });
});
