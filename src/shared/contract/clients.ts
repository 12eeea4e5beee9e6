import { z } from "zod";
import { Id, text } from "./fields";
import { PagingQuery } from "./paging";

/**
 * Clients of a company (spec "Clients" and section 3). A client belongs to one or more
 * companies; the API lists those of the request's company, and a user limited to some clients
 * (api/user/auth `clients`) sees only those, in lists and pickers alike.
 *
 * - GET api/client?page&page_size&search&ids=1,2: a page ({count, next, previous, results}),
 *   ordered by description; `search` is "description contains"; `ids` reads those clients.
 * - GET api/client/{id}, POST api/client, PUT api/client/{id} (If-Match), DELETE
 *   api/client/{id}: writes need createMasters; `company` may name only companies the user
 *   belongs to (else 403), and always keeps the request's company.
 */
export const Client = z.object({
  id: z.number().int(),
  description: z.string(),
  email: z.string(),
  /** Ids of the companies the client belongs to. */
  company: z.array(z.number().int()),
  notes: z.string(),
  version: z.number().int(),
});
export type Client = z.infer<typeof Client>;

/** Loose e-mail check (text, at sign, text, dot, text), as the spec's mail rule; "" allowed. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ClientInput = z.object({
  description: text(120, { min: 1, minMessage: "Description must not be blank" }),
  email: text(254)
    .refine((value) => value === "" || EMAIL_PATTERN.test(value), {
      message: "Not a valid e-mail address",
    })
    .default(""),
  /** Companies the client belongs to; the request's company is always added. */
  company: z.array(Id).max(50).default([]),
  notes: text(1000).default(""),
});
export type ClientInput = z.input<typeof ClientInput>;

const IdList = z
  .string()
  .max(1100)
  .regex(/^\d+(,\d+)*$/, { message: "Expected comma-separated ids" })
  .transform((value) => value.split(",").map(Number))
  .pipe(z.array(Id).max(100));

export const ClientListQuery = PagingQuery.extend({
  page_size: z.coerce.number().int().min(1).max(1000).default(10),
  search: text(120).optional().describe("Description contains (case-insensitive)"),
  ids: IdList.optional().describe("Only these client ids, comma-separated (at most 100)"),
});
export type ClientListQuery = z.infer<typeof ClientListQuery>;
