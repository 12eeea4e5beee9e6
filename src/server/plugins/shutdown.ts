import type { FastifyInstance } from "fastify";
import { errors } from "../errors";

/**
 * Graceful close. Once close() starts: requests still in flight finish, and their responses
 * go out with `Connection: close` so keep-alive sockets end with them (otherwise the server
 * waits for idle sockets to time out, 72 s, before the database can close); requests that
 * arrive on an open keep-alive socket get 503 service_unavailable in the usual error shape,
 * which clients retry.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.addHook("onRequest", async () => {
    if (closing) throw errors.unavailable("The server is restarting; retry shortly");
  });
  app.addHook("onSend", async (request, reply) => {
    if (closing && request.raw.httpVersionMajor < 2) reply.header("connection", "close");
  });
}
