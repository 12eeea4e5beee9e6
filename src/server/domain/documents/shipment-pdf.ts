import { DateTime } from "luxon";
import PDFDocument from "pdfkit";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import { type TextLanguage, textsFor } from "../../texts";

/** What a label or check list shows of a line (routes/api/shipment-documents reads it). */
export interface LineDocument {
  id: number;
  type: number;
  code: string;
  client: string | null;
  place: string;
  dock: string;
  warehouse: string;
  bookedDate: Date;
  actionDate: Date | null;
  truck: { name: string; plate: string } | null;
  packages: number | null;
  weight: string | null;
  status: string;
  palletNotes: string;
  companyNotes: string;
  clientNotes: string;
  packingLines: { reference: string; name: string; numberPackages: number }[];
  /** PNG of the line's QR code. */
  qr: Buffer;
}

export interface DocumentOptions {
  language: TextLanguage;
  /** IANA zone the dates are written in. */
  timeZone: string;
}

const when = (date: Date | null, zone: string) =>
  date ? DateTime.fromJSDate(date).setZone(zone).toFormat("dd/LL/yyyy HH:mm") : "--";

function kindOf(line: LineDocument, language: TextLanguage) {
  const texts = textsFor(language).documents;
  return line.type === SHIPMENT_TYPE.reception ? texts.reception : texts.expedition;
}

function meta(doc: PDFKit.PDFDocument, title: string) {
  doc.info.Title = title;
  doc.info.Creator = "Yardline";
}

/** A printable sheet (A5 landscape): code large, client, destination or origin, dock, date, QR. */
export function labelPdf(line: LineDocument, options: DocumentOptions): PDFKit.PDFDocument {
  const texts = textsFor(options.language).documents;
  const doc = new PDFDocument({ size: "A5", layout: "landscape", margin: 28 });
  const kind = kindOf(line, options.language);
  meta(doc, `${texts.label} ${kind} ${line.code}`);
  const width = doc.page.width - 56;
  doc.font("Helvetica-Bold").fontSize(14).text(kind.toUpperCase(), 28, 28);
  doc.font("Helvetica").fontSize(11).text(texts.code, 28, 56);
  doc
    .font("Helvetica-Bold")
    .fontSize(40)
    .text(line.code || String(line.id), 28, 70, {
      width: width - 190,
    });
  doc.image(line.qr, doc.page.width - 28 - 180, 28, { width: 180, height: 180 });
  const place = line.type === SHIPMENT_TYPE.reception ? texts.origin : texts.destination;
  const rows: [string, string][] = [
    [texts.client, line.client ?? "--"],
    [place, line.place || "--"],
    [texts.dock, line.dock || "--"],
    [texts.bookedDate, when(line.bookedDate, options.timeZone)],
  ];
  let y = 150;
  for (const [label, value] of rows) {
    doc.font("Helvetica").fontSize(11).fillColor("#444").text(label, 28, y);
    doc
      .font("Helvetica-Bold")
      .fontSize(20)
      .fillColor("#000")
      .text(value, 28, y + 13, { width: width - 200, lineBreak: false, ellipsis: true });
    y += 48;
  }
  doc.end();
  return doc;
}

/** A4: the line's data, its packing lines and boxes to tick, with a signature line. */
export function checkListPdf(line: LineDocument, options: DocumentOptions): PDFKit.PDFDocument {
  const texts = textsFor(options.language).documents;
  const doc = new PDFDocument({ size: "A4", margin: 40 });
  const kind = kindOf(line, options.language);
  meta(doc, `${texts.checkList} ${kind} ${line.code}`);
  const left = 40;
  const width = doc.page.width - 80;
  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(`${texts.checkList}: ${kind} ${line.code}`, left, 40, {
      width: width - 100,
    });
  doc.image(line.qr, doc.page.width - 40 - 90, 30, { width: 90, height: 90 });
  const place = line.type === SHIPMENT_TYPE.reception ? texts.origin : texts.destination;
  const fields: [string, string][] = [
    [texts.code, line.code || "--"],
    [texts.client, line.client ?? "--"],
    [place, line.place || "--"],
    [texts.bookedDate, when(line.bookedDate, options.timeZone)],
    [texts.actionDate, when(line.actionDate, options.timeZone)],
    [texts.warehouse, line.warehouse || "--"],
    [texts.dock, line.dock || "--"],
    [texts.truck, line.truck ? `${line.truck.name} (${line.truck.plate})` : "--"],
    [texts.packages, line.packages === null ? "--" : String(line.packages)],
    [texts.weight, line.weight ?? "--"],
    [texts.status, line.status],
    [texts.palletNotes, line.palletNotes || "--"],
    [texts.companyNotes, line.companyNotes || "--"],
    [texts.clientNotes, line.clientNotes || "--"],
  ];
  let y = 130;
  for (const [label, value] of fields) {
    doc.font("Helvetica-Bold").fontSize(10).text(label, left, y, { width: 150 });
    doc
      .font("Helvetica")
      .fontSize(10)
      .text(value, left + 160, y, { width: width - 160 });
    y = Math.max(doc.y, y + 14) + 4;
  }
  y += 10;
  doc.font("Helvetica-Bold").fontSize(13).text(texts.packingLines, left, y);
  y = doc.y + 6;
  if (line.packingLines.length === 0) {
    doc.font("Helvetica").fontSize(10).text(texts.noPackingLines, left, y);
    y = doc.y + 6;
  }
  for (const packing of line.packingLines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = 40;
    }
    doc.rect(left, y, 12, 12).stroke();
    doc
      .font("Helvetica")
      .fontSize(10)
      .text(
        `${packing.reference}  ${packing.name}  ·  ${texts.numberPackages}: ${packing.numberPackages}`,
        left + 20,
        y + 1,
        { width: width - 20 },
      );
    y = Math.max(doc.y, y + 14) + 6;
  }
  y += 14;
  if (y > doc.page.height - 220) {
    doc.addPage();
    y = 40;
  }
  for (const check of texts.checks) {
    doc.rect(left, y, 14, 14).stroke();
    doc
      .font("Helvetica")
      .fontSize(12)
      .text(check, left + 24, y + 1);
    y += 26;
  }
  y += 20;
  doc.font("Helvetica").fontSize(11).text(`${texts.checkedBy}:`, left, y);
  doc
    .moveTo(left + 90, y + 12)
    .lineTo(left + 300, y + 12)
    .stroke();
  doc.text(`${texts.signature}:`, left + 320, y);
  doc
    .moveTo(left + 390, y + 12)
    .lineTo(left + width, y + 12)
    .stroke();
  doc.end();
  return doc;
}
