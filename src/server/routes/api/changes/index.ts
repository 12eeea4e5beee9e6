import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { WINDOW_DAYS_AFTER, WINDOW_DAYS_BEFORE } from "../../../../shared/change-window";
import { Changes, ChangesQuery } from "../../../../shared/contract/changes";
import { authOf } from "../../../auth/context";
import { readChanges } from "../../../domain/changes/service";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { sentAsBuilt } from "../../../http/sent-as-built";

const DESCRIPTION =
  "The offline mirror's change feed. Without `since` it starts a full run: every truck of the " +
  "company and every live shipment booked in the working window (UTC midnight " +
  `${WINDOW_DAYS_BEFORE} days ago to UTC midnight in ${WINDOW_DAYS_AFTER} days; \`window\` ` +
  "says which). Keep calling with the answer's `cursor` while `more` is true; once it is " +
  "false, the cursor asks for what changed next: trucks created or changed, shipments of the " +
  "window created or changed, and the ids of deleted trucks and shipments (any date). A " +
  "cursor never skips a change, however transactions interleave: only changes of finished " +
  "transactions are handed out. Rows come in the same shape as the lists, with their version. " +
  "Every member of the company reads the trucks (as GET /api/shipper); shipments need " +
  "seeExpeditions or seeReceptions by type, and a user limited to some clients gets only " +
  "those clients' lines. A malformed cursor answers 400 (fields.since); start again without it.";

/** GET /api/changes. */
export const changesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/changes", {
    schema: {
      tags: ["changes"],
      summary: "Changed and deleted trucks and shipments since a cursor",
      description: DESCRIPTION,
      querystring: ChangesQuery,
      response: { 200: Changes, ...errorResponses(...API_ERRORS) },
    },
    // A catch-up carries thousands of lines: sent as the presenter built them (http/sent-as-built.ts).
    serializerCompiler: sentAsBuilt,
    handler: async (request) => readChanges(app.db, authOf(request), request.query, new Date()),
  });
};
