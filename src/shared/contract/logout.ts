import { z } from "zod";

/**
 * POST /jwt/logout: ends the login session (refresh-token family) of the refresh token in the
 * body and/or of the access token in the Authorization header; at least one is needed.
 */
export const LogoutRequest = z.object({
  refresh: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .describe("The session's refresh token (only its hash is ever compared)"),
});
export type LogoutRequest = z.infer<typeof LogoutRequest>;
