import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listOf } from "../../../../shared/contract/paging";
import { Reason, ReasonQuery, Status, StatusQuery } from "../../../../shared/contract/status";
import { statusesFor } from "../../../../shared/status-rules";
import { authOf } from "../../../auth/context";
import { presentReason, presentStatus } from "../../../domain/status/presenter";
import { listReasons, listStatuses } from "../../../domain/status/repository";
import { wholeList } from "../../../http/page";
import { API_ERRORS, errorResponses } from "../../../http/responses";

const tags = ["status"];

const TABLE =
  "Ids and labels (description is a translation key): expeditions 998 in_preparation " +
  "(default), 10 ready, 1 ready_to_sent, 3 dispached (issued), 2 sent, 4 revision " +
  "(incidence), 11 cancelled, 7 delay, 13 attention_req (company bw only); receptions 999 sent (default), " +
  "5 in_progress, 6 received, 8 revision (incidence), 12 delay, 9 cancelled. " +
  "The same table is src/shared/contract/status.ts (STATUSES). ";

/** Status and reason lookups (global rows; the company only changes which are offered). */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/status", {
    schema: {
      tags,
      summary: "Statuses of expeditions or receptions",
      description:
        `${TABLE}Open to every member of the company. The company's rules apply ` +
        "(src/shared/status-rules.ts, statusesFor): company kl leaves out 3 (issued) unless " +
        "show_issued=true; company bw leaves out 11 and 4 and orders 998, 10, 1, 3, 2 first. " +
        "Otherwise by type, then the default order.",
      querystring: StatusQuery,
      response: { 200: listOf(Status), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const { type, show_issued: showIssued } = request.query;
      const rows = (await listStatuses(app.db, type)).map(presentStatus);
      const companyCode = authOf(request).company.code;
      const types = type === undefined ? ([1, 2] as const) : [type];
      const results = types.flatMap((each) =>
        statusesFor(
          rows.filter((row) => row.type === each),
          { companyCode, showIssued },
        ),
      );
      return wholeList(results);
    },
  });

  app.get("/reason", {
    schema: {
      tags,
      summary: "Reasons, per status",
      description:
        "Open to every member of the company. The reasons a line in `status` may carry (a " +
        "PATCH sends the reason's code); without status, every reason (the raw list), " +
        "optionally of one type. Ordered by status, then id. Incidences (4, 8) have damaged, " +
        "missing, documents (and quality) reasons; delays (7, 12) shipper, preparation and " +
        "package delay; cancellations (11, 9) who cancelled.",
      querystring: ReasonQuery,
      response: { 200: listOf(Reason), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const rows = await listReasons(app.db, {
        statusId: request.query.status,
        type: request.query.type,
      });
      return wholeList(rows.map(presentReason));
    },
  });
};
