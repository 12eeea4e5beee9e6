import { z } from "zod";
import { text } from "./fields";

/**
 * The public contact form (spec "Public routes", sections 3, 4, 5, 7 and 9): POST api/contact,
 * no token. The request is stored and, when SMTP and CONTACT_MAIL_TO are configured, mailed.
 * Name, email and company are mandatory; the e-mail format is not checked (spec section 5).
 * `website` is a field people never see (a bot that fills it is answered as usual and
 * dropped), and `elapsed_ms` is how long the form was open: faster than a person can type is
 * dropped the same way.
 */
export const CONTACT_PRODUCT = "fim";
export const CONTACT_LANGUAGES = ["en", "es", "en_bw", "es_bw"] as const;

export const ContactInput = z.object({
  name: text(120, { min: 1, minMessage: "Name must not be blank" }),
  email: text(254, { min: 1, minMessage: "Email must not be blank" }),
  phone: text(40).default(""),
  company: text(160, { min: 1, minMessage: "Company must not be blank" }),
  comments: text(4000).default(""),
  product: z.literal(CONTACT_PRODUCT).default(CONTACT_PRODUCT),
  language: z.enum(CONTACT_LANGUAGES).default("en"),
  /** The terms and privacy checkbox (spec: please_accept_terms). */
  accept_terms: z.literal(true, { message: "Please accept the terms and the privacy policy" }),
  website: z.string().max(500).default(""),
  elapsed_ms: z.number().int().min(0).max(86_400_000).optional(),
});
export type ContactInput = z.input<typeof ContactInput>;

export const ContactReceived = z.object({ received: z.literal(true) });
export type ContactReceived = z.infer<typeof ContactReceived>;
