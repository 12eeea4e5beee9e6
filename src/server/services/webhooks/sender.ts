import http from "node:http";
import https from "node:https";
import {
  checkedLookup,
  isPublicAddress,
  literalAddressOf,
  type TargetPolicy,
  TargetRefused,
  urlProblem,
} from "./target";

/** What one attempt got: the receiver's status (null: no answer) and the start of its body. */
export interface AttemptResult {
  status: number | null;
  ms: number;
  /** The first bytes of the answer, or why there was none. */
  body: string;
}

export interface SendOptions {
  policy: TargetPolicy;
  /** The whole attempt (connect, send, answer) ends after this. */
  timeoutMs: number;
}

const BODY_KEPT = 2048;

/**
 * Posts one signed delivery. Redirects are not followed (a 3xx is a failed attempt), nothing
 * is kept from the answer but its status and first 2 KiB, and the attempt is cut after
 * `timeoutMs`, so a hanging receiver costs one slot for at most that long.
 */
export function postDelivery(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (reason: string): AttemptResult => ({ status: null, ms: elapsed(), body: reason });
  const problem = urlProblem(target, options.policy);
  if (problem) return Promise.resolve(failed(`Refused: ${problem}`));
  const url = new URL(target);
  const literal = literalAddressOf(url);
  if (literal && !options.policy.allowPrivate && !isPublicAddress(literal)) {
    return Promise.resolve(failed("Refused: private_address"));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const request = client.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "user-agent": "Yardline-Webhooks/1",
        ...headers,
      },
      lookup: checkedLookup(options.policy) as never,
      agent: false,
    });
    const timer = setTimeout(
      () => finish(failed(`Timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on("error", (error) =>
      finish(failed(error instanceof TargetRefused ? `Refused: ${error.problem}` : error.message)),
    );
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        if (size < BODY_KEPT) chunks.push(chunk);
        size += chunk.length;
        if (size >= BODY_KEPT) response.destroy();
      });
      const done = () =>
        finish({
          status: response.statusCode ?? null,
          ms: elapsed(),
          body: Buffer.concat(chunks).toString("utf8").slice(0, BODY_KEPT),
        });
      response.on("end", done);
      response.on("close", done);
      response.on("error", done);
    });
    request.end(body);
  });
}
