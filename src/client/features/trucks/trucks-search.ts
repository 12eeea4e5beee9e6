import { z } from "zod";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A text filter: coerced (the router parses "1234" as a number), trimmed, bad values dropped. */
const text = (max: number) =>
  z.coerce
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(() => undefined);

const day = z
  .string()
  .regex(ISO_DAY)
  .optional()
  .catch(() => undefined);

/**
 * Search params of /trucks (route `validateSearch`): the list filters and page, as the URL
 * keeps them. Dates are local days (YYYY-MM-DD); the API gets start/end-of-day bounds.
 */
export const TrucksSearch = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .catch(() => undefined),
  name: text(120),
  plate: text(40),
  register_date_after: day,
  register_date_before: day,
});
export type TrucksSearch = z.output<typeof TrucksSearch>;
