import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../config";

/** One request the receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; data: Record<string, unknown>; changes?: unknown } & Record<
    string,
    unknown
  >;
}

/** A status or a redirect: what the receiver sends back. */
export type Reply = number | { redirect: string };

/**
 * How the receiver answers a request: a reply, never (hang: until the sender gives up), or
 * once the test says so (hold: kept open until `release`, whatever the time).
 */
export type Answer = Reply | "hang" | "hold";

export interface WebhookReceiver {
  url(path?: string): string;
  received: Received[];
  /** Answers for the next requests to `path`, in order; then 200. */
  answer(path: string, ...answers: Answer[]): void;
  /** Requests to `path` held open now ("hold" answers the sender has not given up on). */
  held(path: string): number;
  /** Answers every request held open on `path` with `reply`. */
  release(path: string, reply: Reply): void;
  /** Resolves once `count` requests reached `path` (or rejects after `ms`). */
  waitFor(path: string, count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 for the webhook tests: records every request and answers
 * 200 unless told otherwise (500, a redirect, or a hang until closed).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const scripted = new Map<string, Answer[]>();
  const hanging = new Set<ServerResponse>();
  const holding = new Map<ServerResponse, string>();
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const body = Buffer.concat(chunks).toString("utf8");
      let json: Received["json"];
      try {
        json = JSON.parse(body);
      } catch {
        json = { id: "", type: "", data: {} };
      }
      received.push({ path, headers: request.headers, body, json });
      for (const wake of [...waiters]) wake();
      const answer = scripted.get(path)?.shift() ?? 200;
      if (answer === "hang") {
        hanging.add(response);
        return;
      }
      if (answer === "hold") {
        holding.set(response, path);
        response.on("close", () => holding.delete(response));
        return;
      }
      reply(response, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const at = (path: string) => received.filter((entry) => entry.path === path);
  const heldOn = (path: string) =>
    [...holding].filter(([, on]) => on === path).map(([response]) => response);
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    answer(path, ...answers) {
      scripted.set(path, [...(scripted.get(path) ?? []), ...answers]);
    },
    held: (path) => heldOn(path).length,
    release(path, answer) {
      for (const response of heldOn(path)) {
        holding.delete(response);
        reply(response, answer);
      }
    },
    waitFor(path, count, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (at(path).length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(at(path));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${at(path).length} of ${count} requests reached ${path}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const response of [...hanging, ...holding.keys()]) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function reply(response: ServerResponse, answer: Reply): void {
  if (typeof answer === "object") {
    response.writeHead(302, { location: answer.redirect }).end();
    return;
  }
  response.writeHead(answer, { "content-type": "text/plain" }).end(`answer ${answer}`);
}

/** The webhook settings of tests: the worker on, local receivers allowed, retries in ms. */
export function fastWebhooks(timeoutMs: number) {
  return {
    ...loadConfig({}).webhooks,
    worker: true,
    allowHttp: true,
    allowPrivate: true,
    pollMs: 50,
    retryBaseMs: 40,
    retryMaxMs: 200,
    timeoutMs,
  };
}
