import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake gateway received. */
export interface GatewayRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface GatewayAnswer {
  status: number;
  body: string;
  contentType?: string;
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
}

/**
 * A real HTTP server on 127.0.0.1 and a random port, standing in for an SMS gateway: it
 * records every request and answers with `answer` (change it between tests).
 */
export interface FakeGateway {
  url: string;
  requests: GatewayRequest[];
  answer: GatewayAnswer;
  close(): Promise<void>;
}

export async function startFakeGateway(): Promise<FakeGateway> {
  const gateway: Omit<FakeGateway, "url" | "close"> = {
    requests: [],
    answer: { status: 200, body: '{"id":"gw-1"}', contentType: "application/json" },
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      gateway.requests.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const { status, body, contentType = "text/plain", delayMs = 0 } = gateway.answer;
      setTimeout(() => {
        response.writeHead(status, { "content-type": contentType });
        response.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(gateway, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
