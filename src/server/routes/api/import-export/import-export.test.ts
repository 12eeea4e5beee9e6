import { ZipArchive } from "archiver";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../../../shared/contract/errors";
import type {
  ImportPreview,
  ImportRowsAnswer,
  ImportRowsRequest,
} from "../../../../shared/contract/import-export";
import type { Reception } from "../../../../shared/contract/shipments";
import { PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { multipartBody } from "../../../test/multipart";

/** api/import-export (issue 28): preview, import in chunks, export, and bad files. */

let t: TestApp;
let admin: Caller;
let planner: Caller;
let readonly: Caller;
let adminTrw: Caller;
let acme: { id: number; description: string };

/** Days of this file only, far ahead: no other test books them. */
const DAY = "2032-03-09";
const NEXT_DAY = "2032-03-10";

beforeAll(async () => {
  t = await createTestApp();
  const plain = await t.companyId(PLAIN);
  admin = await callerFor(t, "admin", plain);
  planner = await callerFor(t, "planner", plain);
  readonly = await callerFor(t, "readonly", plain);
  adminTrw = await callerFor(t, "admin", await t.companyId(TRW));
  const clients = await admin("GET", "/api/client?search=ACME");
  acme = clients.json<{ results: { id: number; description: string }[] }>().results[0] ?? {
    id: 0,
    description: "",
  };
  const schedule = await admin("PUT", "/api/dock-schedule", {
    time_zone: "Europe/Madrid",
    opens_at: 6,
    closes_at: 21,
    load_per_hour: null,
    unload_per_hour: 1,
  });
  expect(schedule.statusCode, schedule.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function xlsx(rows: unknown[][], formula?: { row: number; column: number }) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Hoja 1");
  for (const row of rows) sheet.addRow(row);
  if (formula) sheet.getCell(formula.row, formula.column).value = { formula: "1+1", result: 2 };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(caller: Caller, type: string, content: Buffer, filename = "lines.xlsx") {
  const { payload, headers } = multipartBody({}, [{ filename, content }]);
  return t.app.inject({
    method: "POST",
    url: `/api/import-export/${type}/preview`,
    payload,
    headers: { ...callerHeaders.get(caller), ...headers },
  });
}

/** The auth headers of each caller (multipart bodies go through inject directly). */
const callerHeaders = new Map<Caller, Record<string, string>>();
async function headersOf(caller: Caller, username: string, company: string) {
  const { token } = await t.login(username);
  callerHeaders.set(caller, t.headers(token, await t.companyId(company)));
}

async function preview(type: string, content: Buffer, filename?: string) {
  if (!callerHeaders.has(planner)) await headersOf(planner, "planner", PLAIN);
  const response = await upload(planner, type, content, filename);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreview>();
}

async function importValid(type: string, found: ImportPreview) {
  const rows: ImportRowsRequest["rows"] = found.rows.flatMap((row) =>
    row.values ? [{ row: row.row, uid: row.uid, values: row.values as never }] : [],
  );
  const response = await planner("POST", `/api/import-export/${type}/rows`, { rows });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportRowsAnswer>().rows;
}

async function receptionsOf(code: string): Promise<Reception[]> {
  const response = await admin("GET", `/api/reception?code=${code}&page_size=100`);
  return response.json<{ results: Reception[] }>().results;
}

const SPANISH_HEADERS = [
  "Albarán",
  "Fecha reservada",
  "Cliente",
  "Origen",
  "Peso",
  "Urgente",
  "Color",
];

describe("preview and import", () => {
  it("reads Spanish headers, explains each refused row and writes nothing until imported", async () => {
    const file = await xlsx([
      SPANISH_HEADERS,
      ["IMP-A1", `09/03/2032 10:00`, acme.description, "Valencia", "1.234,5", "sí", "rojo"],
      // The same dock hour: the dock takes one reception an hour.
      ["IMP-A2", `09/03/2032 10:30`, acme.description, "Murcia", "10", "no", ""],
      ["IMP-A3", "31/02/2032 10:00", acme.description, "Lugo", "1", "", ""],
      ["IMP-A4", `09/03/2032 12:00`, "No such client", "Lugo", "1", "", ""],
      ["IMP-A5", `09/03/2032 13:00`, acme.id, "Vigo", "lots", "quizás", ""],
    ]);
    const found = await preview("reception", file);
    expect(found.ignored_headers).toEqual(["Color"]);
    expect(found.rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 6]);
    const [first, second, third, fourth, fifth] = found.rows;
    expect(first?.field_codes).toEqual({});
    expect(first?.values).toMatchObject({
      code: "IMP-A1",
      booked_date: "2032-03-09T10:00:00+01:00",
      client: acme.id,
      origin: "Valencia",
      weight: 1234.5,
      urgent: true,
    });
    expect(second?.field_codes.booked_date?.[0]?.code).toBe("slot_full");
    expect(second?.values).toBeNull();
    expect(third?.field_codes.booked_date?.[0]?.code).toBe("invalid_date");
    expect(fourth?.field_codes.client?.[0]?.code).toBe("invalid_choice");
    expect(fifth?.field_codes.weight?.[0]?.code).toBe("invalid_type");
    expect(fifth?.field_codes.urgent?.[0]?.code).toBe("invalid_choice");
    expect(await receptionsOf("IMP-A")).toHaveLength(0);

    const imported = await importValid("reception", found);
    expect(imported.map((row) => row.outcome)).toEqual(["created"]);
    const lines = await receptionsOf("IMP-A");
    expect(lines.map((line) => [line.code, line.uid, line.weight])).toEqual([
      ["IMP-A1", first?.uid, 1234.5],
    ]);

    // The same file again: the row names the same line, nothing is created twice.
    const again = await preview("reception", file);
    expect(again.rows[0]?.uid).toBe(first?.uid);
    expect(again.rows[0]?.existing).toBe(true);
    expect((await importValid("reception", again)).map((row) => row.outcome)).toEqual(["existing"]);
    expect(await receptionsOf("IMP-A")).toHaveLength(1);
  });

  it("reads a semicolon CSV with Portuguese headers and a uid column", async () => {
    const uid = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9";
    const csv = [
      "Guia de remessa;Data reservada;Cliente;Destino;Volumes;Id",
      `IMP-B1;2032-03-10 08:00;${acme.description};Porto;12;${uid}`,
      `IMP-B2;2032-03-10 09:00;;Braga;3;`,
      `IMP-B3;2032-03-10 11:00;${acme.description};Faro;1;`,
      `IMP-B3;2032-03-10 11:00;${acme.description};Faro;1;`,
    ].join("\r\n");
    const found = await preview("expedition", Buffer.from(csv, "utf8"), "lines.csv");
    expect(found.rows[0]).toMatchObject({ uid, field_codes: {}, existing: false });
    expect(found.rows[0]?.values).toMatchObject({ destination: "Porto", packages: 12 });
    expect(found.rows[1]?.field_codes.client?.[0]?.code).toBe("required");
    // The same delivery note and hour twice: the second row is the first one's line.
    expect(found.rows[2]?.field_codes).toEqual({});
    expect(found.rows[3]?.field_codes.code?.[0]?.code).toBe("not_unique");
    const imported = await importValid("expedition", found);
    expect(imported).toMatchObject([
      { uid, outcome: "created" },
      { uid: found.rows[2]?.uid, outcome: "created" },
    ]);
  });

  it("checks every row again on import: a sent row is never trusted", async () => {
    const response = await planner("POST", "/api/import-export/reception/rows", {
      rows: [
        {
          row: 2,
          uid: "3b1d0a52-7d4e-4c1a-9c1e-0d1f2e3a4b5c",
          values: { code: "IMP-C1", booked_date: `${NEXT_DAY}T10:00:00+01:00`, client: 999_999 },
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportRowsAnswer>().rows[0]).toMatchObject({
      outcome: "refused",
      field_codes: { client: [{ code: "invalid" }] },
    });
    const tooMany = await planner("POST", "/api/import-export/reception/rows", {
      rows: Array.from({ length: 501 }, (_, index) => ({
        row: index + 2,
        uid: "3b1d0a52-7d4e-4c1a-9c1e-0d1f2e3a4b5c",
        values: { booked_date: `${NEXT_DAY}T10:00:00Z` },
      })),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe("bad files", () => {
  it("refuses what is not a spreadsheet, a zip bomb, too many rows and formulas", async () => {
    if (!callerHeaders.has(planner)) await headersOf(planner, "planner", PLAIN);
    const codeOf = async (content: Buffer, filename = "x.xlsx") => {
      const response = await upload(planner, "reception", content, filename);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<ErrorBody>().field_codes?.file?.[0];
    };
    expect(await codeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).toEqual({
      code: "not_a_sheet",
    });

    // 60 MB of zeros deflate to a few dozen KB: refused before anything is inflated.
    const bomb = await new Promise<Buffer>((resolve, reject) => {
      const zip = new ZipArchive({ zlib: { level: 9 } });
      const chunks: Buffer[] = [];
      zip.on("data", (chunk: Buffer) => chunks.push(chunk));
      zip.on("end", () => resolve(Buffer.concat(chunks)));
      zip.on("error", reject);
      zip.append(Buffer.alloc(60 * 1024 * 1024), { name: "xl/worksheets/sheet1.xml" });
      void zip.finalize();
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await codeOf(bomb))?.code).toBe("too_big");

    const rows = Array.from({ length: 10_001 }, (_, index) => `R${index};2032-03-11 10:00`);
    const many = Buffer.from(["Albarán;Fecha reservada", ...rows].join("\n"));
    expect(await codeOf(many, "many.csv")).toEqual({ code: "too_many_rows", max: 10_000 });

    expect(await codeOf(Buffer.from("Albarán;Fecha reservada\n"), "empty.csv")).toEqual({
      code: "required",
    });

    const withFormula = await xlsx(
      [SPANISH_HEADERS, ["IMP-D1", "11/03/2032 10:00", acme.description, "Lugo", 1, "no"]],
      { row: 2, column: 5 },
    );
    const found = await preview("reception", withFormula);
    expect(found.rows[0]?.field_codes.weight).toEqual([{ code: "formula" }]);
  });

  it("lets only users who may add lines of a non-trw company import", async () => {
    await headersOf(readonly, "readonly", PLAIN);
    await headersOf(adminTrw, "admin", TRW);
    const file = await xlsx([SPANISH_HEADERS, ["IMP-E1", "11/03/2032 10:00", acme.id]]);
    expect((await upload(readonly, "reception", file)).statusCode).toBe(403);
    expect((await upload(adminTrw, "reception", file)).statusCode).toBe(403);
    const rows = await readonly("POST", "/api/import-export/reception/rows", {
      rows: [
        {
          row: 2,
          uid: "3b1d0a52-7d4e-4c1a-9c1e-0d1f2e3a4b5d",
          values: { booked_date: `${DAY}T10:00:00Z` },
        },
      ],
    });
    expect(rows.statusCode).toBe(403);
  });
});

describe("export", () => {
  it("writes the lines of some days in the import's columns, which import back unchanged", async () => {
    const response = await admin(
      "GET",
      `/api/import-export/reception?from=${DAY}&to=${DAY}`,
      undefined,
      { "accept-language": "es-ES,es;q=0.9" },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    expect(sheet.name).toBe("Recepciones");
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual([
      "Id",
      "Albarán",
      "Fecha reservada",
      "Fecha de carga o descarga",
      "Cliente",
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBe("IMP-A1");
    // 10:00 in Madrid, shown as the yard's wall clock.
    expect((sheet.getRow(2).getCell(3).value as Date).toISOString()).toBe(
      "2032-03-09T10:00:00.000Z",
    );

    const back = await preview("reception", response.rawPayload);
    expect(back.rows).toHaveLength(1);
    expect(back.rows[0]).toMatchObject({ existing: true, field_codes: {} });
    expect(back.rows[0]?.values).toMatchObject({ booked_date: "2032-03-09T10:00:00+01:00" });

    const reversed = await admin("GET", `/api/import-export/reception?from=${NEXT_DAY}&to=${DAY}`);
    expect(reversed.statusCode).toBe(400);
  });
});
