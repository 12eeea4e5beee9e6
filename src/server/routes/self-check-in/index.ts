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
import { NOT_POSSIBLE, selfCheckIn } from "../../domain/self-check-in/service";
import { ApiError, errors } from "../../errors";
import { errorResponses } from "../../http/responses";
import { registerSms } from "../../plugins/sms";

/** The window of the limits per client address and per page. */
export const SELF_CHECK_IN_WINDOW_SECONDS = 600;
const GONE = "This check-in page does not exist";

/**
 * The limit keys of the public page: every request counts against its address; only a failed
 * reference counts against the page (the token hashed: the table holds no live page address),
 * so strangers spraying requests cannot lock the page for every driver (issue 25). Counted in
 * login_throttle with the login limits' fixed windows.
 */
export function selfCheckInKeys(
  address: string,
  token: string,
  limits: { selfCheckInPerAddress: number; selfCheckInPerPage: number },
): { address: ThrottleKey; page: ThrottleKey } {
  const page = createHash("sha256").update(token).digest("base64url").slice(0, 32);
  return {
    address: { key: `self-check-in:ip:${address}`, limit: limits.selfCheckInPerAddress },
    page: { key: `self-check-in:page:${page}`, limit: limits.selfCheckInPerPage },
  };
}

/**
 * The carrier's self check-in (issue 15), public: api/public/check-in/{token}. The token is
 * the page's address (revocable). Every request is limited per address; failed references
 * are limited per page; a driver whose reference finds a line of today is never refused by
 * the page's limit. Counted in the database (auth/login-throttle.ts, one atomic statement per
 * count), so the limits hold across server instances and under parallel bursts.
 */
export const selfCheckInRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSms(app);
  const limits = app.serverConfig.limits;
  const count = async (key: ThrottleKey) => {
    const admission = await admitAttempt(app.db, [key], SELF_CHECK_IN_WINDOW_SECONDS);
    if (admission.ok) return;
    // A refused burst (or a spray of made-up tokens) is when stale windows pile up.
    await pruneExpired(app.db);
    throw errors.rateLimited(admission.retryAfter);
  };
  const limitAddress = (address: string, token: string) =>
    count(selfCheckInKeys(address, token, limits).address);
  /** A reference the page could not use: counted against the page (429 once over). */
  const countFailure = (address: string, token: string) =>
    count(selfCheckInKeys(address, token, limits).page);
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
      await limitAddress(request.ip, request.params.token);
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
      const { token } = request.params;
      await limitAddress(request.ip, token);
      const company = await companyOfToken(app.db, token);
      if (!company) throw errors.notFound(GONE);
      try {
        return await selfCheckIn(app.db, company.id, request.body, {
          sms: app.sms,
          smsEnabled: app.serverConfig.runtime.smsEnabled,
          log: request.log,
        });
      } catch (error) {
        if (isNotPossible(error)) await countFailure(request.ip, token);
        throw error;
      }
    },
  });
};

function isNotPossible(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 404 && error.message === NOT_POSSIBLE;
}

function limitsText(limits: { selfCheckInPerAddress: number; selfCheckInPerPage: number }) {
  const minutes = SELF_CHECK_IN_WINDOW_SECONDS / 60;
  return (
    `At most ${limits.selfCheckInPerAddress} requests per client address and ` +
    `${limits.selfCheckInPerPage} failed references per page in ${minutes} minutes, across ` +
    "server instances (429 rate_limited with Retry-After); a reference that finds a line of " +
    "today is never refused by the page's limit."
  );
}
