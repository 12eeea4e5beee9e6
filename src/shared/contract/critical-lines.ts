import { z } from "zod";
import { DateTimeBound, fieldCode, text } from "./fields";
import { PagingQuery } from "./paging";
import { WriteDateTime, writeInstant } from "./shipments-write";

/**
 * Critical lines (spec 02 sections 2, 3, 5): production or activity lines at risk that the
 * whole yard must see, from init_date to end_date. provider and client_name are free text.
 */
export const CRITICAL_LINE_TEXT_FIELDS = [
  "cause",
  "activity",
  "line",
  "product",
  "contact",
  "destination",
  "provider",
  "client_name",
] as const;
export type CriticalLineTextField = (typeof CRITICAL_LINE_TEXT_FIELDS)[number];

export const CRITICAL_LINE_TEXT_MAX = 200;
export const OBSERVATIONS_MAX = 2000;
/** The list cuts observations here and adds an ellipsis (spec section 9). */
export const OBSERVATIONS_CUT = 20;

export const CriticalLine = z.object({
  id: z.number().int(),
  /** Client-chosen id of its creation (PUT api/critical-line/uid/{uid}). */
  uid: z.uuid(),
  company: z.number().int(),
  init_date: z.string(),
  end_date: z.string(),
  cause: z.string(),
  activity: z.string(),
  line: z.string(),
  product: z.string(),
  contact: z.string(),
  destination: z.string(),
  observations: z.string(),
  provider: z.string(),
  client_name: z.string(),
  /** Who created it (user id), null when unknown. */
  user: z.number().int().nullable(),
  version: z.number().int(),
});
export type CriticalLine = z.infer<typeof CriticalLine>;

const shortText = () => text(CRITICAL_LINE_TEXT_MAX).optional().default("");

/**
 * Create and replace body. init_date and end_date are required (the form's fill_mandatory);
 * end_date may not come before init_date. Omitted texts are empty.
 */
export const CriticalLineInput = z
  .object({
    // As the other line APIs take them (issue 25): YYYY-MM-DDTHH:mm[:ss], an offset optional.
    init_date: WriteDateTime,
    end_date: WriteDateTime,
    cause: shortText(),
    activity: shortText(),
    line: shortText(),
    product: shortText(),
    contact: shortText(),
    destination: shortText(),
    observations: text(OBSERVATIONS_MAX).optional().default(""),
    provider: shortText(),
    client_name: shortText(),
  })
  .refine((input) => writeInstant(input.end_date) >= writeInstant(input.init_date), {
    path: ["end_date"],
    message: "The end date must not be before the start date",
    ...fieldCode("invalid_date"),
  });
export type CriticalLineInput = z.input<typeof CriticalLineInput>;
export type CriticalLineValues = z.output<typeof CriticalLineInput>;

const filterText = () => text(CRITICAL_LINE_TEXT_MAX).optional().describe("Contains");

/**
 * List query: a line is in the date range when it overlaps it (end_date on or after
 * date_after, init_date on or before date_before, both inclusive of their day or minute).
 */
export const CriticalLineListQuery = PagingQuery.extend({
  page_size: z.coerce.number().int().min(1).max(1000).default(10),
  date_after: DateTimeBound.optional().describe("Lines still running at or after (end_date)"),
  date_before: DateTimeBound.optional().describe("Lines started at or before (init_date)"),
  cause: filterText(),
  line: filterText(),
  product: filterText(),
  provider: filterText(),
  client_name: filterText(),
});
export type CriticalLineListQuery = z.infer<typeof CriticalLineListQuery>;

/** The list filters that match text (contains, case-insensitive). */
export const CRITICAL_LINE_TEXT_FILTERS = [
  "cause",
  "line",
  "product",
  "provider",
  "client_name",
] as const satisfies readonly CriticalLineTextField[];

/** One change of a critical line: when, who (null once unknown) and each field's old and new. */
export const CriticalLineHistoryEntry = z.object({
  id: z.number().int(),
  critical_line: z.number().int(),
  created: z.string(),
  user: z
    .object({
      id: z.number().int(),
      username: z.string(),
      first_name: z.string(),
      last_name: z.string(),
    })
    .nullable(),
  modified_fields: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
});
export type CriticalLineHistoryEntry = z.infer<typeof CriticalLineHistoryEntry>;
