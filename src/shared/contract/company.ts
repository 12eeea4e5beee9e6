import { z } from "zod";
import { QueryId } from "./fields";

export const Company = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Special-behaviour code such as "kl" or "bw", or null. */
  code: z.string().nullable(),
  is_trw: z.boolean(),
  has_expeditions_rrule: z.boolean(),
  has_receptions_rrule: z.boolean(),
  lang_pt: z.boolean(),
  /**
   * IANA zone of the yard's clock (the dock schedule's; UTC when the company set none): what
   * "today" means at the gate. Optional: a session stored before it was sent lacks it, and
   * then the device's zone stands in.
   */
  time_zone: z.string().optional(),
});
export type Company = z.infer<typeof Company>;

export const CompanyQuery = z.object({ id: QueryId.optional() });

/** Name of the request header that selects the company a request acts for. */
export const COMPANY_HEADER = "company";
