import type { FastifyInstance } from "fastify";

/**
 * Graceful close: once close() starts, responses still in flight go out with
 * `Connection: close`, so their keep-alive sockets end with them. Without this the server
 * would wait for idle keep-alive sockets to time out (72 s) before the database can close.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.addHook("onSend", async (request, reply) => {
    if (closing && request.raw.httpVersionMajor < 2) reply.header("connection", "close");
  });
}
