import { z } from "zod";
import { ROLE_KEYS } from "../roles";
import { text } from "./fields";

export const LoginRequest = z.object({
  username: text(150, { min: 1 }),
  password: text(256, { min: 1, trim: false }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** get-token answer: `token` is the access JWT (accepted as `Token <t>` or `Bearer <t>`). */
export const LoginResponse = z.object({
  token: z.string(),
  access: z.string(),
  refresh: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshRequest = z.object({ refresh: text(2048, { min: 1 }) });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const RefreshResponse = z.object({ access: z.string(), refresh: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const Group = z.object({ id: z.number().int(), name: z.string() });
export type Group = z.infer<typeof Group>;

export const Role = z.object({
  id: z.number().int(),
  /** Stable key of the role in the permission matrix. */
  name: z.enum(ROLE_KEYS),
  description: z.string(),
});
export type Role = z.infer<typeof Role>;

export const USER_TYPES = ["default", "mexico"] as const;

/** GET api/user/auth: the signed-in user with roles (for the current company) and clients. */
export const AuthUser = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    groups: z.array(Group),
  }),
  roles: z.array(Role),
  clients: z.array(z.number().int()),
  user_type: z.enum(USER_TYPES),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const ChangePasswordRequest = z.object({
  old_password: text(256, { min: 1, trim: false }),
  new_password: text(256, { min: 8, trim: false }),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ChangePasswordResponse = z.object({ detail: z.string() });
