import { z } from "zod";
import { grantedPermissions } from "../permissions";
import { ROLE_KEYS, type RoleKey } from "../roles";
import { Role } from "./auth";
import { Id, text } from "./fields";
import { PagingQuery } from "./paging";

/**
 * User administration (spec 02 "Users", sections 3, 5, 7): api/user list, read, create,
 * modify roles, delete; api/role. Roles are sent by name (role ids collide: 10 is both
 * truckAccess and guardia) and answered as {id, name, description} for the company.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const USERNAME_MAX = 150;
/** Letters, digits and @ . + - _ (as Django usernames). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}@.+_-]+$/u;

export const AdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** Companies (groups) the user belongs to, among the caller's own companies. */
  companies: z.array(z.number().int()),
  /** Roles in the request's company. */
  roles: z.array(Role),
  /** Clients of the request's company the user is limited to. */
  clients: z.array(z.number().int()),
  /** False once deleted: kept so history still names who changed what. */
  is_active: z.boolean(),
  version: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUser>;

const RoleNames = z
  .array(z.enum(ROLE_KEYS))
  .min(1, { message: "Choose at least one role" })
  .max(ROLE_KEYS.length)
  .transform((roles) => [...new Set(roles)]);

export const UserCreate = z.object({
  username: text(USERNAME_MAX, { min: 1, minMessage: "Username must not be blank" }).refine(
    (value) => USERNAME_PATTERN.test(value),
    { message: "Letters, digits and @ . + - _ only", params: { fieldCode: "invalid_characters" } },
  ),
  first_name: text(150).optional().default(""),
  last_name: text(150).optional().default(""),
  email: z
    .union([z.literal(""), z.email().max(254)])
    .optional()
    .default(""),
  password: text(PASSWORD_MAX, { min: PASSWORD_MIN, trim: false }),
  /** Company ids, the request's among them; the request's company alone when omitted. */
  companies: z.array(Id).min(1).max(50).optional(),
  roles: RoleNames,
  /** Client ids of the request's company the user is limited to. */
  clients: z.array(Id).max(200).optional().default([]),
});
export type UserCreate = z.input<typeof UserCreate>;
export type UserCreateValues = z.output<typeof UserCreate>;

/** Editing a user changes only roles (spec section 5). */
export const UserRolesPatch = z.object({ roles: RoleNames });
export type UserRolesPatch = z.input<typeof UserRolesPatch>;

export const UserListQuery = PagingQuery.extend({
  page_size: z.coerce.number().int().min(1).max(1000).default(10),
});

export const CompanyRole = Role.extend({
  /** The caller may give this role (it grants nothing the caller lacks). */
  assignable: z.boolean(),
});
export type CompanyRole = z.infer<typeof CompanyRole>;

/**
 * A role may be given only by someone who holds every permission it grants in that company:
 * nobody hands out (or takes for themselves) more than they have. Admins give any role (the
 * spec takes lockdowns from the trw admin, which would otherwise bar it from giving office).
 */
export function mayGrant(callerRoles: readonly RoleKey[], role: RoleKey, isTrw: boolean): boolean {
  if (callerRoles.includes("admin")) return true;
  const mine = new Set(grantedPermissions(callerRoles, isTrw));
  return grantedPermissions([role], isTrw).every((permission) => mine.has(permission));
}
