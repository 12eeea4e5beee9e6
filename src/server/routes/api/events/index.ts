import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authOf } from "../../../auth/context";
import { seesCriticalLines, visibleTypes } from "../../../domain/changes/service";
import { openLiveStream, RETRY_MS } from "../../../domain/events/live-stream";
import { SessionStreams } from "../../../domain/events/session-streams";

const MAX_STREAM_MS = 30 * 60_000;

const DESCRIPTION =
  "Server-sent events (text/event-stream) telling the company's devices that something " +
  "changed, so they pull GET /api/changes at once. Authenticated like every call (read it " +
  "with a streaming fetch; EventSource cannot send the headers). Frames: `retry: " +
  `${RETRY_MS}\` first; \`event: change\` with data {"entity": "shipment" | "shipper" | ` +
  '"critical_line", ' +
  '"ids": [..]} after each committed write (ids empty when many rows changed at once, when ' +
  "the caller is limited to some clients, who learn only that a line of theirs changed, or " +
  "after notifications were lost); a comment (`: ping`) every 25 s (EVENTS_HEARTBEAT_SECONDS). " +
  "Changes to shipment types the caller may not see, and other clients' lines, are not sent. " +
  `The stream ends after ${MAX_STREAM_MS / 60_000} minutes and when the server restarts: ` +
  "reconnect (with backoff) and pull the feed. A login session holds at most " +
  "EVENTS_MAX_STREAMS_PER_SESSION streams (5) per server: opening one more ends the " +
  "session's oldest stream.";

/** GET /api/events. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perSession = new SessionStreams(app.serverConfig.limits.eventsMaxStreamsPerSession);
  app.get("/events", {
    schema: {
      tags: ["changes"],
      summary: "Live change events (server-sent events)",
      description: DESCRIPTION,
      // No response schema: a 200 is a stream, not a serialized body (errors keep ErrorBody
      // through the error handler: 401 without a valid token, 403 for another company).
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const stream = openLiveStream({
        viewer: {
          companyId: auth.company.id,
          clientIds: auth.clientIds,
          types: visibleTypes(auth),
          criticalLines: seesCriticalLines(auth),
        },
        hub: app.changeHub,
        heartbeatMs: app.serverConfig.eventsHeartbeatMs,
        maxMs: MAX_STREAM_MS,
      });
      // The client going away ends the stream (and its subscription).
      reply.raw.once("close", () => stream.destroy());
      perSession.add(auth.sessionId, stream);
      reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache, no-transform")
        .header("x-accel-buffering", "no");
      // HTTP/1: the socket closes with the stream, so an ended stream never holds a shutdown.
      if (request.raw.httpVersionMajor < 2) reply.header("connection", "close");
      return reply.send(stream);
    },
  });
};
