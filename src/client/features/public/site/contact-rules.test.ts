import { describe, expect, it } from "vitest";
import { contactBody, contactErrors, EMPTY_CONTACT } from "./contact-rules";

describe("contact form rules", () => {
  it("needs name, email, company and the terms; phone and comments are optional", () => {
    expect(contactErrors(EMPTY_CONTACT)).toEqual(["name", "email", "company", "terms"]);
    const filled = { ...EMPTY_CONTACT, name: "A", email: "x", company: "C", terms: true };
    expect(contactErrors(filled)).toEqual([]);
    expect(contactErrors({ ...filled, name: "  " })).toEqual(["name"]);
  });

  it("sends product fim, the language and the time the form was open", () => {
    const draft = { ...EMPTY_CONTACT, name: " Ana ", email: "a@b.c", company: "Co", terms: true };
    expect(contactBody(draft, "es_bw", 4321.6)).toMatchObject({
      name: "Ana",
      product: "fim",
      language: "es_bw",
      accept_terms: true,
      elapsed_ms: 4322,
    });
  });
});
