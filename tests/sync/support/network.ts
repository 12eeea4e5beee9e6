import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The device's network: a fault-injecting wrapper around the real fetch, installed as
 * globalThis.fetch so the app's own http client (ky) goes through it to the real server.
 * Reads (GET) only suffer "offline"; each write (a request with an Idempotency-Key) gets the
 * fault the run's plan picks for it.
 */
export const WRITE_FAULTS = [
  /** Delivered and answered normally. */
  "none",
  /** A little latency before and after the server, so other steps interleave. */
  "slow",
  /** fetch throws before the request leaves the device. */
  "offline",
  /** The network changes under the request: it fails, and the `online` event fires at once. */
  "flap",
  /** The server commits, the answer never arrives (connection reset). */
  "drop",
  /** The same request delivered twice, one after the other (a retrying proxy). */
  "duplicate",
  /** The same request delivered twice at once. */
  "duplicateConcurrent",
  /** 503 from a proxy: never reached the server. */
  "unavailable",
  /** The server commits, a proxy answers 502. */
  "badGateway",
  /** 429 from a proxy: never reached the server. */
  "tooMany",
  /** The session's token has expired: 401 token_not_valid for this and every later use. */
  "expired",
  /** The tab reloads while the request is on its way: the server gets it a moment later. */
  "reloadBefore",
  /** The tab reloads after the server committed, before the answer arrives. */
  "reloadAfter",
  /** The replayer is stopped (not killed) mid-request and a fresh one starts beside it. */
  "restart",
] as const;
export type WriteFault = (typeof WRITE_FAULTS)[number];

/** A replayer instance, as the network sees it (which tab sent a request). */
export interface Sender {
  id: number;
  tab: number;
  /** Killed by a reload: its pending promises never settle, as in a closed page. */
  dead: boolean;
}

export const senderContext = new AsyncLocalStorage<Sender>();

export interface Delivery {
  key: string;
  jwt: string | null;
  method: string;
  url: string;
  sender: Sender | undefined;
}

export interface WriteContext {
  key: string;
  /** 0 for the first attempt with this key, then 1, 2... */
  attempt: number;
  sender: Sender | undefined;
}

export interface NetworkHooks {
  /** Which fault hits this write. */
  plan(context: WriteContext): WriteFault;
  /** Milliseconds of latency for "slow" and for a reloaded tab's late request. */
  delay(context: WriteContext): number;
  /** The tab of `sender` reloads: kill it and start a fresh replayer. */
  reload(sender: Sender): void;
  /** Stop `sender` (its code keeps running) and start a fresh replayer beside it. */
  restart(sender: Sender): void;
  /** The `online` event, in every tab. */
  online(): void;
}

const NEVER = new Promise<never>(() => {});

function bearerOf(request: Request): string | null {
  const header = request.headers.get("authorization");
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : null;
}

function fakeAnswer(status: number, code: string, message: string): Response {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (status === 429) headers["retry-after"] = "1";
  return new Response(JSON.stringify({ code, message }), { status, headers });
}

/** The Idempotency-Keys of a write: its header's, or those of a batch's changes. */
async function keysOf(request: Request): Promise<string[]> {
  const header = request.headers.get("idempotency-key");
  if (header) return [header];
  if (request.method !== "POST" || !request.url.endsWith("/api/shipment-changes")) return [];
  const body = (await request.clone().json()) as { changes?: { key: string }[] };
  return (body.changes ?? []).map((change) => change.key);
}

export class FaultyNetwork {
  offline = false;
  readonly deliveries: Delivery[] = [];
  /** Tokens answered 401 token_not_valid from now on. */
  readonly expired = new Set<string>();
  private readonly attempts = new Map<string, number>();
  /** The Idempotency-Keys a write carries: its header's, or each batched change's. */
  private readonly keysByRequest = new WeakMap<Request, string[]>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly realFetch: typeof fetch;
  hooks: NetworkHooks;

  constructor(realFetch: typeof fetch, hooks: NetworkHooks) {
    this.realFetch = realFetch;
    this.hooks = hooks;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const sender = senderContext.getStore();
    if (sender?.dead) return NEVER;
    if (this.offline) throw new TypeError("fetch failed: offline");
    const jwt = bearerOf(request);
    if (jwt && this.expired.has(jwt)) {
      return fakeAnswer(401, "token_not_valid", "Token is invalid or expired");
    }
    const keys = await keysOf(request);
    this.keysByRequest.set(request, keys);
    const [key] = keys;
    if (request.method === "GET" || key === undefined) return this.deliver(request, sender);
    // A batch is one write: its fault is planned on its first change, its attempt is the
    // most any of its changes has had.
    const attempt = Math.max(...keys.map((each) => this.attempts.get(each) ?? 0));
    for (const each of keys) this.attempts.set(each, (this.attempts.get(each) ?? 0) + 1);
    const context: WriteContext = { key, attempt, sender };
    const fault = this.hooks.plan(context);
    return this.write(fault, request, context);
  };

  /** Client attempts per Idempotency-Key (faults included). */
  attemptsOf(key: string): number {
    return this.attempts.get(key) ?? 0;
  }

  /** Resolves once every request that reached the server has been answered. */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  reset(): void {
    this.offline = false;
    this.deliveries.length = 0;
    this.expired.clear();
    this.attempts.clear();
  }

  private async write(fault: WriteFault, request: Request, context: WriteContext) {
    const { sender } = context;
    switch (fault) {
      case "none":
        return this.deliver(request, sender);
      case "slow": {
        await sleep(this.hooks.delay(context));
        const answer = await this.deliver(request, sender);
        await sleep(this.hooks.delay(context));
        return answer;
      }
      case "offline":
        throw new TypeError("fetch failed: offline");
      case "flap":
        this.hooks.online();
        throw new TypeError("fetch failed: network changed");
      case "drop":
        await this.consume(this.deliver(request, sender));
        throw new TypeError("fetch failed: connection reset");
      case "duplicate": {
        const copy = this.copyOf(request);
        await this.consume(this.deliver(request, sender));
        return this.deliver(copy, sender);
      }
      case "duplicateConcurrent": {
        const copy = this.copyOf(request);
        return Promise.race([this.deliver(request, sender), this.deliver(copy, sender)]);
      }
      case "unavailable":
        return fakeAnswer(503, "unavailable", "Service unavailable");
      case "badGateway":
        await this.consume(this.deliver(request, sender));
        return fakeAnswer(502, "bad_gateway", "Bad gateway");
      case "tooMany":
        return fakeAnswer(429, "throttled", "Too many requests");
      case "expired": {
        const jwt = bearerOf(request);
        if (jwt) this.expired.add(jwt);
        return fakeAnswer(401, "token_not_valid", "Token is invalid or expired");
      }
      case "reloadBefore": {
        if (sender) this.hooks.reload(sender);
        const late = sleep(this.hooks.delay(context)).then(() =>
          this.deliver(request, sender, true),
        );
        this.track(late.then((answer) => answer.arrayBuffer()));
        return NEVER;
      }
      case "reloadAfter": {
        await this.consume(this.deliver(request, sender));
        if (sender) this.hooks.reload(sender);
        return NEVER;
      }
      case "restart": {
        if (sender) this.hooks.restart(sender);
        return this.deliver(request, sender);
      }
    }
  }

  private copyOf(request: Request): Request {
    const copy = request.clone();
    this.keysByRequest.set(copy, this.keysByRequest.get(request) ?? []);
    return copy;
  }

  /** Sends to the real server (one delivery per key it carries); `late`: for a dead sender. */
  private deliver(request: Request, sender: Sender | undefined, late = false): Promise<Response> {
    if (sender?.dead && !late) return NEVER;
    const keys = this.keysByRequest.get(request) ?? [];
    for (const key of keys.length > 0 ? keys : [""]) {
      this.deliveries.push({
        key,
        jwt: bearerOf(request),
        method: request.method,
        url: request.url,
        sender,
      });
    }
    const answer = this.realFetch(request);
    this.track(answer.then((response) => response.clone().arrayBuffer()));
    return answer;
  }

  private async consume(answer: Promise<Response>): Promise<void> {
    await (await answer).arrayBuffer();
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch(() => {});
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }
}
