import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  PublicPageAnswer,
  PublicTokenParams,
  SelfCheckInAnswer,
  SelfCheckInInput,
} from "../../../shared/contract/check-in";
import { errors } from "../../errors";
import { registerSms } from "../../plugins/sms";
import { companyOfToken } from "../api/check-in/repository";
import { errorResponses } from "../responses";
import { WindowLimiter } from "./limiter";
import { selfCheckIn } from "./self-check-in";

/** Attempts per client address, and per page, in ten minutes. */
export const SELF_CHECK_IN_LIMITS = { perAddress: 10, perToken: 300, windowMs: 600_000 };
const GONE = "This check-in page does not exist";

/**
 * The carrier's self check-in (issue 15), public: api/public/check-in/{token}. The token is
 * the page's address (revocable); every answer is rate limited per address and per token.
 */
export const publicCheckInRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSms(app);
  const byAddress = new WindowLimiter(
    SELF_CHECK_IN_LIMITS.perAddress,
    SELF_CHECK_IN_LIMITS.windowMs,
  );
  const byToken = new WindowLimiter(SELF_CHECK_IN_LIMITS.perToken, SELF_CHECK_IN_LIMITS.windowMs);
  const limit = (address: string, token: string) => {
    const wait = Math.max(byAddress.take(address), byToken.take(token));
    if (wait > 0) throw errors.rateLimited(wait);
  };
  const tags = ["check-in"];

  app.get("/public/check-in/:token", {
    schema: {
      tags,
      summary: "The public self check-in page (no token needed)",
      description: `No token. The company's name; 404 for an unknown or revoked page. ${limits()}`,
      params: PublicTokenParams,
      response: { 200: PublicPageAnswer, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => {
      limit(request.ip, request.params.token);
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
        `about other references; a repeat answers the dock again. ${limits()}`,
      params: PublicTokenParams,
      body: SelfCheckInInput,
      response: { 200: SelfCheckInAnswer, ...errorResponses(400, 404, 413, 415, 429) },
    },
    handler: async (request) => {
      limit(request.ip, request.params.token);
      const company = await companyOfToken(app.db, request.params.token);
      if (!company) throw errors.notFound(GONE);
      return selfCheckIn(app, company.id, request.body);
    },
  });
};

function limits(): string {
  const minutes = SELF_CHECK_IN_LIMITS.windowMs / 60_000;
  return (
    `At most ${SELF_CHECK_IN_LIMITS.perAddress} requests per client address and ` +
    `${SELF_CHECK_IN_LIMITS.perToken} per page in ${minutes} minutes (429 rate_limited with ` +
    "Retry-After)."
  );
}
