import { z } from "zod";

/**
 * /config.json: runtime configuration of spec section 9, read from the server's environment.
 * The spec's "production mode" and "JWT login disabled" are not here: the build decides what a
 * production client is, and every login is a JWT with a rotating refresh token (README,
 * Configuration).
 */
export const RuntimeConfig = z.object({
  port: z.number().int(),
  /** Data refresh interval, in seconds. */
  refreshInterval: z.number().int().positive(),
  smsEnabled: z.boolean(),
  packingListEnabled: z.boolean(),
  ssoVisible: z.boolean(),
  /** API base with a trailing slash, e.g. "/" for the same origin. */
  apiBase: z.string(),
  indicatorsBase: z.string(),
  /** Language of a device with no choice stored (es, en or pt). */
  defaultLocale: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
