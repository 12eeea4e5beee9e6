import { z } from "zod";
import type { RoleKey } from "../roles";
import { IsoDateTime, text } from "./fields";

/**
 * Roles an API key may carry: the company-wide roles of the matrix. Client-limited roles
 * (client, provider) need a person's clients, and kiosk roles are wall screens.
 */
export const API_KEY_ROLES = [
  "admin",
  "office",
  "warehouseResp",
  "officePerson",
  "plannerTrw",
  "truckAccess",
  "guardia",
  "readOnly",
] as const satisfies readonly RoleKey[];

/** The header scheme: `Authorization: Api-Key <key>`. */
export const API_KEY_SCHEME = "Api-Key";

export const ApiKeyCreate = z.object({
  name: text(100, { min: 1 }),
  role: z.enum(API_KEY_ROLES),
  expires_at: IsoDateTime.nullable().default(null),
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreate>;

export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(API_KEY_ROLES),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  created_by: z.string(),
  created_at: IsoDateTime,
  expires_at: IsoDateTime.nullable(),
  last_used_at: IsoDateTime.nullable(),
  revoked_at: IsoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyCreated = ApiKey.extend({
  key: z.string().describe("The key itself: shown once, only its hash is kept"),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
