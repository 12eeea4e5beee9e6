import type { z } from "zod";
import type { ErrorBody } from "../../shared/contract/errors";
import { IdParams, UidParams } from "./params";
import { API_ERRORS, type ErrorStatus, errorResponses } from "./responses";
import { IfMatchHeaders } from "./versioning";

type Answers = { 200: z.ZodType } | { 204: z.ZodType };
type ApiError = (typeof API_ERRORS)[number];
type Errors<S extends ErrorStatus> = Record<ApiError | S, typeof ErrorBody>;

/**
 * The schema of a write to one versioned row by id (PUT, PATCH or DELETE /<resource>/:id):
 * the id path, the If-Match header, the route's `answers`, 412 with `stale` (the current row,
 * staleBody(Row)) and the API errors plus `statuses`. The /api scope adds the company and
 * Idempotency-Key headers (routes/api/index.ts).
 */
export function versionedWrite<
  const A extends Answers,
  Stale extends z.ZodType,
  const S extends ErrorStatus,
>(
  answers: A,
  stale: Stale,
  ...statuses: S[]
): {
  params: typeof IdParams;
  headers: typeof IfMatchHeaders;
  response: A & { 412: Stale } & Errors<S>;
} {
  return {
    params: IdParams,
    headers: IfMatchHeaders,
    response: {
      ...answers,
      412: stale,
      ...errorResponses<ApiError | S>(...API_ERRORS, ...statuses),
    },
  };
}

/**
 * The schema of a create-once route (PUT /<resource>/uid/:uid): the uid path, `row` as the
 * answer of the first call (201) and of every repeat (200), the API errors plus `statuses`.
 */
export function createOnceWrite<Row extends z.ZodType, const S extends ErrorStatus>(
  row: Row,
  ...statuses: S[]
): { params: typeof UidParams; response: { 200: Row; 201: Row } & Errors<S> } {
  return {
    params: UidParams,
    response: { 200: row, 201: row, ...errorResponses<ApiError | S>(...API_ERRORS, ...statuses) },
  };
}
