import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Info } from "luxon";
import QRCode from "qrcode";
import { z } from "zod";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { ShipmentQr } from "../../../../shared/contract/documents";
import { authOf } from "../../../auth/context";
import type { Db } from "../../../db/database";
import { shipmentFor } from "../../../domain/documents/attachment-service";
import { documentBaseName } from "../../../domain/documents/attachment-zip";
import { contentDisposition } from "../../../domain/documents/disposition";
import { listPackingLines } from "../../../domain/documents/packing-repository";
import { checkListPdf, type LineDocument, labelPdf } from "../../../domain/documents/shipment-pdf";
import type { ShipmentView } from "../../../domain/lines/repository";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { languageFromHeader, TEXT_LANGUAGES } from "../../../texts";

const DocumentQuery = z.object({
  /** Language of the document (default: Accept-Language, else en). */
  lang: z.enum(TEXT_LANGUAGES).optional(),
  /** IANA time zone for the dates (the browser's); UTC by default. */
  tz: z
    .string()
    .max(64)
    .regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/)
    .optional(),
  /** inline opens in the browser; attachment downloads. */
  disposition: z.enum(["inline", "attachment"]).default("inline"),
});

const VIEW =
  "Whoever sees the line (seeExpeditions or seeReceptions by its type; company and client " +
  "scope: 404 otherwise). ";

/** The app's page of a line, on the origin the request came to. */
export function lineLink(origin: string, view: ShipmentView): string {
  const path = view.shipment.type === SHIPMENT_TYPE.reception ? "reception" : "expedition";
  return `${origin}/${path}/${view.shipment.id}`;
}

function qrPng(link: string, width: number): Promise<Buffer> {
  return QRCode.toBuffer(link, { type: "png", errorCorrectionLevel: "M", margin: 2, width });
}

async function lineDocument(db: Db, companyId: number, view: ShipmentView, qr: Buffer) {
  const row = view.shipment;
  const packing = await listPackingLines(db, companyId, row.id);
  return {
    id: row.id,
    type: row.type,
    code: row.code,
    client: view.client?.description ?? null,
    place: row.place,
    dock: row.dock,
    warehouse: row.warehouse,
    bookedDate: row.bookedDate,
    actionDate: row.actionDate,
    truck: view.shipper ? { name: view.shipper.name, plate: view.shipper.plate } : null,
    packages: row.packages,
    weight: row.weight === null ? null : String(row.weight),
    status: view.status.description.replaceAll("_", " "),
    palletNotes: row.palletNotes,
    companyNotes: row.companyNotes,
    clientNotes: row.clientNotes,
    packingLines: packing.map((line) => ({
      reference: line.material.reference,
      name: line.material.name,
      numberPackages: line.numberPackages,
    })),
    qr,
  } satisfies LineDocument;
}

/** api/shipment/{id}/qr, /label and /check-list (spec section 7, issue 13). */
export const shipmentDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["shipment"];
  const origin = (request: { protocol: string; host: string }) =>
    `${request.protocol}://${request.host}`;

  app.get("/shipment/:id/qr", {
    schema: {
      tags,
      summary: "QR code of a line (PNG, base64) that opens it in the app",
      description: `${VIEW}The link is /expedition/{id} or /reception/{id} on this server.`,
      params: IdParams,
      response: { 200: ShipmentQr, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request) => {
      const view = await shipmentFor(app.db, authOf(request), request.params.id, "view");
      const link = lineLink(origin(request), view);
      return { qr: (await qrPng(link, 400)).toString("base64"), link };
    },
  });

  for (const [path, make, summary, prefix] of [
    ["label", labelPdf, "Printable label (PDF)", "Label"],
    ["check-list", checkListPdf, "Check list (PDF) with the packing lines", "CheckList"],
  ] as const) {
    app.get(`/shipment/:id/${path}`, {
      schema: {
        tags,
        summary,
        description:
          `${VIEW}In the user's language (lang, else Accept-Language), dates in tz ` +
          "(default UTC) as DD/MM/YYYY HH:mm; the code, client, place, dock, date and QR.",
        params: IdParams,
        querystring: DocumentQuery,
        response: {
          200: z.any().describe("application/pdf"),
          ...errorResponses(...API_ERRORS, 404),
        },
      },
      handler: async (request, reply) => {
        const auth = authOf(request);
        const view = await shipmentFor(app.db, auth, request.params.id, "view");
        const q = request.query;
        const language = q.lang ?? languageFromHeader(request.headers["accept-language"]);
        const timeZone = q.tz && Info.isValidIANAZone(q.tz) ? q.tz : "UTC";
        const qr = await qrPng(lineLink(origin(request), view), 360);
        const line = await lineDocument(app.db, auth.company.id, view, qr);
        const base = documentBaseName(view.shipment.type, view.shipment.code, view.shipment.id);
        return reply
          .header("content-type", "application/pdf")
          .header("content-disposition", contentDisposition(q.disposition, `${prefix}-${base}.pdf`))
          .header("cache-control", "private, no-store")
          .send(make(line, { language, timeZone }));
      },
    });
  }
};
