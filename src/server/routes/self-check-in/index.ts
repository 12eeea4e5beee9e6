import { createHash } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  PublicPageAnswer,
  PublicTokenParams,
  SelfCheckInAnswer,
  SelfCheckInInput,
} from "../../../shared/contract/check-in";
import { admitAttempt, pruneExpired, type ThrottleKey } from "../../auth/login-throttle";
import { companyOfToken } from "../../domain/check-in/repository";
import { selfCheckIn } from "../../domain/self-check-in/service";
import { errors } from "../../errors";
import { errorResponses } from "../../http/responses";
import { registerSms } from "../../plugins/sms";

/** The window of the limits per client address and per page. */
export const SELF_CHECK_IN_WINDOW_SECONDS = 600;
const GONE = "This check-in page does not exist";

/**
 * The limit keys of a request: its address, and its page (the token hashed: the table holds
 * no live page address). Counted in login_throttle with the login limits' fixed windows.
 */
export function selfCheckInKeys(
  address: string,
  token: string,
  limits: { selfCheckInPerAddress: number; selfCheckInPerPage: number },
): ThrottleKey[] {
  const page = createHash("sha256").update(token).digest("base64url").slice(0, 32);
  return [
    { key: `self-check-in:ip:${address}`, limit: limits.selfCheckInPerAddress },
    { key: `self-check-in:page:${page}`, limit: limits.selfCheckInPerPage },
  ];
}

/**
 * The carrier's self check-in (issue 15), public: api/public/check-in/{token}. The token is
 * the page's address (revocable); every answer is rate limited per address and per token, in
 * the database (auth/login-throttle.ts: one atomic statement counts the request against both
 * keys), so the limits hold across server instances and under parallel bursts.
 */
export const selfCheckInRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSms(app);
  const limits = app.serverConfig.limits;
  const limit = async (address: string, token: string) => {
    const keys = selfCheckInKeys(address, token, limits);
    const admission = await admitAttempt(app.db, keys, SELF_CHECK_IN_WINDOW_SECONDS);
    if (admission.ok) return;
    // A refused burst (or a spray of made-up tokens) is when stale windows pile up.
    await pruneExpired(app.db);
    throw errors.rateLimited(admission.retryAfter);
  };
  const tags = ["check-in"];

  app.get("/public/check-in/:token", {
    schema: {
      tags,
      summary: "The public self check-in page (no token needed)",
      description: `No token. The company's name; 404 for an unknown or revoked page. ${limitsText(limits)}`,
      params: PublicTokenParams,
      response: { 200: PublicPageAnswer, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => {
      await limit(request.ip, request.params.token);
      const company = await companyOfToken(app.db, request.params.token);
      if (!company) throw errors.notFound(GONE);
      return { company: company.name };
    },
  });

  app.post("/public/check-in/:token", {
    schema: {
      tags,
      summary: "A driver checks in from a phone (no token needed)",
      description:
        "No token. Today's line of the reference (load or download) without a truck gets the " +
        "truck (by plate, new or known), its arrival, and the dock instructions by SMS. Answers " +
        "only warehouse, dock and time. Any reference the driver cannot check in with (unknown, " +
        "another day, another truck on it) answers the same 404, so the page reveals nothing " +
        `about other references; a repeat answers the dock again. ${limitsText(limits)}`,
      params: PublicTokenParams,
      body: SelfCheckInInput,
      response: { 200: SelfCheckInAnswer, ...errorResponses(400, 404, 413, 415, 429) },
    },
    handler: async (request) => {
      await limit(request.ip, request.params.token);
      const company = await companyOfToken(app.db, request.params.token);
      if (!company) throw errors.notFound(GONE);
      return selfCheckIn(app.db, company.id, request.body, {
        sms: app.sms,
        smsEnabled: app.serverConfig.runtime.smsEnabled,
        log: request.log,
      });
    },
  });
};

function limitsText(limits: { selfCheckInPerAddress: number; selfCheckInPerPage: number }) {
  const minutes = SELF_CHECK_IN_WINDOW_SECONDS / 60;
  return (
    `At most ${limits.selfCheckInPerAddress} requests per client address and ` +
    `${limits.selfCheckInPerPage} per page in ${minutes} minutes, across server instances ` +
    "(429 rate_limited with Retry-After)."
  );
}
