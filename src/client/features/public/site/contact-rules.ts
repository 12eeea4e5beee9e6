/** The contact form's rules (spec section 5): terms, then name, email and company not blank. */
export interface ContactDraft {
  name: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
  terms: boolean;
  /** Honeypot: people never see it. */
  website: string;
}

export type ContactField = "name" | "email" | "company" | "terms";

export const EMPTY_CONTACT: ContactDraft = {
  name: "",
  email: "",
  phone: "",
  company: "",
  comments: "",
  terms: false,
  website: "",
};

/** The fields in error: 'empty' for the three mandatory ones, please_accept_terms for terms. */
export function contactErrors(draft: ContactDraft): ContactField[] {
  const errors: ContactField[] = [];
  for (const field of ["name", "email", "company"] as const) {
    if (draft[field].trim() === "") errors.push(field);
  }
  if (!draft.terms) errors.push("terms");
  return errors;
}

/** The request body of POST api/contact. */
export function contactBody(draft: ContactDraft, language: string, elapsedMs: number) {
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    phone: draft.phone.trim(),
    company: draft.company.trim(),
    comments: draft.comments.trim(),
    product: "fim",
    language,
    accept_terms: true,
    website: draft.website,
    elapsed_ms: Math.max(0, Math.round(elapsedMs)),
  };
}
