import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * One log line per request, at the level an operator wants it, in place of Fastify's two info
 * lines (incoming request, request completed), which at a few thousand requests a second cost
 * more CPU than the handlers and bury what matters:
 * - error: answered 5xx (the error handler has already logged the cause with its stack);
 * - warn: slower than `slowMs` (LOG_SLOW_MS), whatever the status;
 * - debug: every other request (LOG_LEVEL=debug turns the access log on).
 * Build the app with `disableRequestLogging: true` so Fastify's own lines stay off.
 */
export function registerRequestLog(app: FastifyInstance, slowMs: number): void {
  app.addHook("onResponse", (request, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    if (status >= 500) request.log.error(line(request, reply, ms), "request answered 5xx");
    else if (ms >= slowMs) request.log.warn(line(request, reply, ms), "slow request");
    else if (debugOn(request)) request.log.debug(line(request, reply, ms), "request");
    done();
  });
}

/** Skips building the access line when debug is off. */
function debugOn(request: FastifyRequest): boolean {
  return request.log.level === "debug" || request.log.level === "trace";
}

function line(request: FastifyRequest, reply: FastifyReply, ms: number) {
  return {
    method: request.method,
    url: request.url,
    status: reply.statusCode,
    ms: Math.round(ms * 10) / 10,
    ip: request.ip,
  };
}
