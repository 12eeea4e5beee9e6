import type { HttpSmsConfig, SmsProvider, SmsSendResult } from "./provider";
import { renderTemplate } from "./template";

/** How much of the gateway's answer is kept with a failed message. */
export const GATEWAY_ANSWER_CHARS = 500;
/** Bytes read from the gateway's answer at most (it may be a large HTML error page). */
const READ_LIMIT_BYTES = 16 * 1024;

function authorization(config: HttpSmsConfig): Record<string, string> {
  const { auth } = config;
  if (auth.kind === "basic") {
    const pair = Buffer.from(`${auth.username}:${auth.password}`).toString("base64");
    return { authorization: `Basic ${pair}` };
  }
  if (auth.kind === "bearer") return { authorization: `Bearer ${auth.token}` };
  return {};
}

async function readAnswer(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < READ_LIMIT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).toString("utf8").slice(0, READ_LIMIT_BYTES);
}

/** The gateway's message id, when its answer is JSON with one. */
function messageId(answer: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(answer);
    if (!parsed || typeof parsed !== "object") return undefined;
    const record = parsed as Record<string, unknown>;
    for (const key of ["id", "message_id", "messageId", "sid"]) {
      const value = record[key];
      if (typeof value === "string" || typeof value === "number") return String(value);
    }
  } catch {
    // Not JSON: no id.
  }
  return undefined;
}

/** A network failure in words, without the URL (it may carry credentials). */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === "string" ? cause.code : undefined;
  const text = error instanceof Error ? error.message : String(error);
  return code ? `could not reach the gateway (${code})` : `could not reach the gateway (${text})`;
}

function requestOf(config: HttpSmsConfig, rendered: string): { url: string; init: RequestInit } {
  const headers: Record<string, string> = {
    accept: "application/json, text/plain;q=0.9, */*;q=0.5",
    ...authorization(config),
  };
  if (config.method === "GET") {
    const url = `${config.url}${config.url.includes("?") ? "&" : "?"}${rendered}`;
    return { url, init: { method: "GET", headers } };
  }
  headers["content-type"] =
    config.contentType === "json"
      ? "application/json; charset=utf-8"
      : "application/x-www-form-urlencoded; charset=utf-8";
  return { url: config.url, init: { method: config.method, headers, body: rendered } };
}

/** A generic HTTP SMS gateway: one request per message, any 2xx is a success. */
export function createHttpSmsProvider(config: HttpSmsConfig, from: string): SmsProvider {
  return {
    name: "http",
    async send({ to, body }): Promise<SmsSendResult> {
      const values = { to, to_digits: to.replace(/^\+/, ""), body, from };
      const rendered = renderTemplate(config.bodyTemplate, values, config.contentType);
      const { url, init } = requestOf(config, rendered);
      try {
        const response = await fetch(url, {
          ...init,
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        const answer = await readAnswer(response);
        if (response.ok) {
          const id = messageId(answer);
          return id === undefined ? { ok: true } : { ok: true, id };
        }
        const excerpt = answer.trim().slice(0, GATEWAY_ANSWER_CHARS);
        return {
          ok: false,
          status: response.status,
          error: excerpt || response.statusText || "no details",
        };
      } catch (error) {
        return { ok: false, error: describeFailure(error, config.timeoutMs) };
      }
    },
  };
}
