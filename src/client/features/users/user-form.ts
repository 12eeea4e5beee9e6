import { PASSWORD_MIN, type UserCreate } from "../../../shared/contract/users";
import type { RoleKey } from "../../../shared/roles";

export interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  repeat: string;
  companies: number[];
  roles: RoleKey[];
}

export type UserFormCheck =
  | { ok: true; input: UserCreate }
  /** fill_mandatory: username, password, repeat and one role (spec section 5). */
  | { ok: false; reason: "fill_mandatory"; fields: (keyof UserFormValues)[] }
  /** pass_match: the two passwords differ. */
  | { ok: false; reason: "pass_match" }
  /** The password is shorter than the server accepts (shown before sending). */
  | { ok: false; reason: "too_short" };

/** A new user's checks, in the spec's order, before anything is sent. */
export function checkNewUser(values: UserFormValues): UserFormCheck {
  const fields = (["username", "password", "repeat"] as const).filter(
    (field) => values[field].trim() === "",
  ) as (keyof UserFormValues)[];
  if (values.roles.length === 0) fields.push("roles");
  if (fields.length > 0) return { ok: false, reason: "fill_mandatory", fields };
  if (values.password !== values.repeat) return { ok: false, reason: "pass_match" };
  if ([...values.password].length < PASSWORD_MIN) return { ok: false, reason: "too_short" };
  return {
    ok: true,
    input: {
      username: values.username.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      password: values.password,
      companies: values.companies,
      roles: values.roles,
    },
  };
}
