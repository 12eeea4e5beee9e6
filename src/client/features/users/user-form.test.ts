import { describe, expect, it } from "vitest";
import { checkNewUser, type UserFormValues } from "./user-form";

const base: UserFormValues = {
  username: "nuria",
  first_name: "",
  last_name: "",
  email: "",
  password: "long-enough",
  repeat: "long-enough",
  companies: [1],
  roles: ["office"],
};

describe("checkNewUser", () => {
  it("asks for username, password, repeat and a role (fill_mandatory)", () => {
    const result = checkNewUser({ ...base, username: " ", repeat: "", roles: [] });
    expect(result).toEqual({
      ok: false,
      reason: "fill_mandatory",
      fields: ["username", "repeat", "roles"],
    });
  });

  it("refuses different passwords (pass_match), then a short one", () => {
    expect(checkNewUser({ ...base, repeat: "long-enougH" })).toEqual({
      ok: false,
      reason: "pass_match",
    });
    expect(checkNewUser({ ...base, password: "short", repeat: "short" })).toEqual({
      ok: false,
      reason: "too_short",
    });
  });

  it("sends the trimmed names and the password as typed", () => {
    const result = checkNewUser({
      ...base,
      username: " nuria ",
      password: " spaced pass ",
      repeat: " spaced pass ",
    });
    expect(result).toMatchObject({
      ok: true,
      input: { username: "nuria", password: " spaced pass " },
    });
  });
});
