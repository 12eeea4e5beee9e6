import type { FastifyError, FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { ApiError, errors, type FieldErrors } from "../errors";

/**
 * The one error handler: ApiErrors answer as they are; Fastify's client errors map to the
 * catalogue; anything else is logged and answered as a bare 500 that reveals nothing.
 */
const CONTEXT_NAMES: Record<string, string> = {
  body: "body",
  querystring: "query",
  params: "params",
  headers: "headers",
};

interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
}

export function fieldErrors(issues: readonly ValidationIssue[], context: string): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.instancePath.split("/").filter(Boolean).join(".");
    const name = path === "" ? (CONTEXT_NAMES[context] ?? context) : path;
    fields[name] = [...(fields[name] ?? []), issue.message ?? "Invalid value"];
  }
  return fields;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === "string";
}

const CLIENT_ERRORS: Record<string, () => ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: errors.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: errors.unsupportedMediaType,
  FST_ERR_CTP_INVALID_JSON_BODY: () => errors.validation({ body: ["Malformed JSON"] }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    errors.validation({ body: ["Body cannot be empty when content-type is application/json"] }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    errors.badRequest("Request body size did not match Content-Length"),
};

function byStatus(status: number): ApiError {
  if (status === 401) return errors.notAuthenticated();
  if (status === 403) return errors.forbidden();
  if (status === 404) return errors.notFound();
  if (status === 413) return errors.payloadTooLarge();
  if (status === 429) return errors.rateLimited(60);
  return new ApiError(status, "bad_request", "The request could not be understood");
}

/** Maps an error to what the client may see; null when it is a server fault. */
export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return errors.validation(fieldErrors(error.validation, error.validationContext ?? "body"));
  }
  if (!isFastifyError(error) || isResponseSerializationError(error)) return null;
  const known = CLIENT_ERRORS[error.code];
  if (known) return known();
  if (error.validation) {
    return errors.validation(fieldErrors(error.validation, error.validationContext ?? "body"));
  }
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500 ? byStatus(status) : null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (!apiError) {
      request.log.error({ err: error }, "request failed");
      const internal = errors.internal();
      return reply.code(internal.statusCode).send(internal.toBody());
    }
    if (apiError.statusCode >= 500) request.log.error({ err: error }, "request failed");
    return reply.code(apiError.statusCode).headers(apiError.headers).send(apiError.toBody());
  });
}
