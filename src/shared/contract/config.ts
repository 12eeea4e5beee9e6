import { z } from "zod";

/** /config.json: runtime configuration of spec section 9, read from the server's environment. */
export const RuntimeConfig = z.object({
  production: z.boolean(),
  port: z.number().int(),
  /** Data refresh interval, in seconds. */
  refreshInterval: z.number().int().positive(),
  smsEnabled: z.boolean(),
  packingListEnabled: z.boolean(),
  jwtLoginEnabled: z.boolean(),
  ssoVisible: z.boolean(),
  /** API base with a trailing slash, e.g. "/" for the same origin. */
  apiBase: z.string(),
  indicatorsBase: z.string(),
  defaultLocale: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
