import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { ApiError, errors } from "../errors";
import { validationError } from "../http/validation-errors";

/**
 * The one error handler: ApiErrors answer as they are; Fastify's client errors map to the
 * catalogue; anything else is logged and answered as a bare 500 that reveals nothing. Router
 * errors (bad URL encoding, a path parameter over its length) and the Node HTTP parser's own
 * refusals (400, 431) answer the same {code, message} shape (frameworkErrors,
 * clientErrorHandler: app.ts passes them to Fastify).
 */

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
  FST_ERR_BAD_URL: () => errors.badRequest("The URL is not valid (bad percent-encoding)"),
  FST_ERR_MAX_PARAM_LENGTH: () => new ApiError(414, "bad_request", "The URL is too long"),
};

function byStatus(status: number): ApiError {
  if (status === 401) return errors.notAuthenticated();
  if (status === 403) return errors.forbidden();
  if (status === 404) return errors.notFound();
  if (status === 413) return errors.payloadTooLarge();
  if (status === 429) return errors.rateLimited(60);
  return new ApiError(status, "bad_request", "The request could not be understood");
}

interface RequestInputs {
  body?: unknown;
  query?: unknown;
  params?: unknown;
  headers?: unknown;
}

function inputOf(request: RequestInputs | undefined, context: string): unknown {
  if (!request) return undefined;
  if (context === "querystring") return request.query;
  if (context === "params") return request.params;
  if (context === "headers") return request.headers;
  return request.body;
}

/** Maps an error to what the client may see; null when it is a server fault. */
export function toApiError(error: unknown, request?: RequestInputs): ApiError | null {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? "body";
    return validationError(error.validation, context, inputOf(request, context));
  }
  if (!isFastifyError(error) || isResponseSerializationError(error)) return null;
  const known = CLIENT_ERRORS[error.code];
  if (known) return known();
  if (error.validation) {
    const context = error.validationContext ?? "body";
    return validationError(error.validation, context, inputOf(request, context));
  }
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500 ? byStatus(status) : null;
}

/** Fields of an error (or its cause) that are safe to log: SQLSTATE and messages. */
const SAFE_ERROR_FIELDS = ["code", "severity", "routine", "constraint", "table", "column"];

/**
 * An error as the log may keep it. Drizzle's query errors carry the SQL parameters (phones,
 * SMS text) in `params` and in their message; PostgreSQL's `detail` repeats row values. The
 * log keeps the error's type, code and message, and the cause's, never those.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error) && (typeof error !== "object" || error === null)) {
    return { message: String(error) };
  }
  const source = error as Error & Record<string, unknown>;
  // Already made loggable (the handler does it; the logger's serializer may see it again).
  if (!(error instanceof Error) && typeof source.type === "string") return source;
  const out: Record<string, unknown> = { type: source.constructor?.name ?? "Error" };
  const hasQuery = "params" in source && "query" in source;
  out.message = hasQuery ? "Failed query" : String(source.message ?? "");
  if (hasQuery && typeof source.query === "string") out.query = source.query;
  for (const key of SAFE_ERROR_FIELDS) {
    const value = source[key];
    if (typeof value === "string" || typeof value === "number") out[key] = value;
  }
  if (!hasQuery && typeof source.stack === "string") out.stack = source.stack;
  if (source.cause !== undefined && depth < 3) out.cause = loggableError(source.cause, depth + 1);
  return out;
}

/** pino serializers for the app's logger: `err` never carries query parameters. */
export const logSerializers = {
  err: (error: Error) =>
    ({ stack: "", ...loggableError(error) }) as {
      type: string;
      message: string;
      stack: string;
      [key: string]: unknown;
    },
};

function sendApiError(reply: FastifyReply, apiError: ApiError) {
  return reply.code(apiError.statusCode).headers(apiError.headers).send(apiError.toBody());
}

/** Fastify `frameworkErrors`: router refusals (bad URL encoding, 414) in the API shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error) ?? errors.badRequest();
  request.log.info({ code: error.code }, "router refused the request");
  return sendApiError(reply, apiError);
}

const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "The request headers are too large"],
  HPE_URI_TOO_LONG: [414, "The URL is too long"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long"],
};

/**
 * Fastify `clientErrorHandler`: what the Node HTTP parser refuses before Fastify sees a
 * request (malformed request line or headers, headers too large) answers in the API shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] = CLIENT_ERROR_STATUS[error.code ?? ""] ?? [
    400,
    "The request could not be understood",
  ];
  const body = JSON.stringify({ code: "bad_request", message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error, request);
    if (!apiError) {
      request.log.error({ err: loggableError(error) }, "request failed");
      return sendApiError(reply, errors.internal());
    }
    if (apiError.statusCode >= 500)
      request.log.error({ err: loggableError(error) }, "request failed");
    return sendApiError(reply, apiError);
  });
}
