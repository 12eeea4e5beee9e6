import { z } from "zod";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

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
 * Search params of /critical-lines (route `validateSearch`): filters and page as the URL keeps
 * them. Dates are local days; a line shows when it overlaps them (it ends on or after
 * date_after and starts on or before date_before).
 */
export const CriticalLinesSearch = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .catch(() => undefined),
  date_after: day,
  date_before: day,
  line: text(200),
  cause: text(200),
  product: text(200),
  provider: text(200),
  client_name: text(200),
});
export type CriticalLinesSearch = z.output<typeof CriticalLinesSearch>;
