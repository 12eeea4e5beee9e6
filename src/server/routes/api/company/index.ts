import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Company, CompanyQuery } from "../../../../shared/contract/company";
import { listOf, PagingQuery } from "../../../../shared/contract/paging";
import { authOf } from "../../../auth/context";
import { presentCompany } from "../../../domain/company/presenter";
import { companiesOf } from "../../../domain/company/repository";
import { errors } from "../../../errors";
import { pageOf, rowWindow } from "../../../http/page";
import { DbId, IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";

/** The shared filter, with ids bounded to what the database can hold. */
const CompanyListQuery = PagingQuery.extend(CompanyQuery.shape).extend({ id: DbId.optional() });

/** The caller's companies (groups) with their flags; other companies do not exist here. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/company", {
    schema: {
      tags: ["company"],
      summary: "The user's companies, filterable by id",
      querystring: CompanyListQuery,
      response: { 200: listOf(Company), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const { page, page_size: pageSize, id } = request.query;
      const { count, rows } = await companiesOf(app.db, authOf(request).user.id, {
        id,
        ...rowWindow(request.query),
      });
      return pageOf(
        request.url,
        { page, pageSize },
        count,
        rows.map((row) => presentCompany(row.company, row.timeZone)),
      );
    },
  });

  app.get("/company/:id", {
    schema: {
      tags: ["company"],
      summary: "One of the user's companies",
      params: IdParams,
      response: { 200: Company, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request) => {
      const { rows } = await companiesOf(app.db, authOf(request).user.id, {
        id: request.params.id,
        limit: 1,
        offset: 0,
      });
      const [row] = rows;
      if (!row) throw errors.notFound();
      return presentCompany(row.company, row.timeZone);
    },
  });
};
