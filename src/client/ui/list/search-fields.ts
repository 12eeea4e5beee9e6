import { z } from "zod";

/**
 * The fields list routes keep in the URL (`validateSearch` schemas of trucks, shipments,
 * critical lines, task list): a bad value is dropped, never an error page.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A text filter: coerced (the router parses "1234" as a number), trimmed, bad values dropped. */
export const searchText = (max: number) =>
  z.coerce
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(() => undefined);

/** A local day, YYYY-MM-DD. */
export const searchDay = z
  .string()
  .regex(ISO_DAY)
  .optional()
  .catch(() => undefined);

/** A page number from 1. */
export const searchPage = z.coerce
  .number()
  .int()
  .min(1)
  .optional()
  .catch(() => undefined);
