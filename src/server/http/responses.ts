import { ErrorBody } from "../../shared/contract/errors";

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 503;

/** Error answers a route documents (and serializes) with the shared ErrorBody schema. */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<
    S,
    typeof ErrorBody
  >;
}

/** Errors every authenticated /api route can answer with. */
export const API_ERRORS = [400, 401, 403] as const;
