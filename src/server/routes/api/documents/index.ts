import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { attachmentRoutes } from "./attachment-routes";
import { packingRoutes } from "./packing-routes";
import { shipmentDocumentRoutes } from "./shipment-documents-routes";

/** Documents of a line: attachments (and their zip by mail), the packing list, the line PDF. */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(attachmentRoutes);
  await app.register(shipmentDocumentRoutes);
  await app.register(packingRoutes);
};
