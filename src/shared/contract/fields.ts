import { z } from "zod";
import type { FieldErrorCode } from "./errors";

/**
 * The input limits every contract builds on, so a new endpoint refuses what the database
 * cannot take (a NUL in text, year 0000, an id past int4) with a 400 instead of a 500.
 * A refusal that zod has no code for carries its field code in `params.fieldCode`, which the
 * server's error handler copies into `field_codes`.
 */
export const fieldCode = (code: FieldErrorCode) => ({ params: { fieldCode: code } });

/** Largest value of a PostgreSQL integer column: larger ids are a 400, never a 500. */
export const MAX_ID = 2_147_483_647;

/** A row id in a JSON body. */
export const Id = z.number().int().positive().max(MAX_ID);

/** A row id from a path, query string or header (text, read as a number). */
export const QueryId = z.coerce.number().int().positive().max(MAX_ID);

/** NUL (PostgreSQL refuses it in text) or a lone UTF-16 surrogate (no UTF-8 form). */
const UNSAFE_CHARACTER =
  /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isCleanText(value: string): boolean {
  return !UNSAFE_CHARACTER.test(value);
}

export const INVALID_CHARACTERS = "Contains characters that are not allowed";

export interface TextOptions {
  /** Fewest characters (after trimming, when trimmed). */
  min?: number;
  /** The message when shorter than `min`. */
  minMessage?: string;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
}

/**
 * Text with at most `max` characters and no NUL or lone surrogate: every string the API
 * accepts goes through it (chain .optional(), .describe(), .transform() as usual).
 */
export function text(max: number, options: TextOptions = {}) {
  const base = options.trim === false ? z.string() : z.string().trim();
  const sized = options.min ? base.min(options.min, { message: options.minMessage }) : base;
  return sized
    .max(max)
    .refine(isCleanText, { message: INVALID_CHARACTERS, ...fieldCode("invalid_characters") });
}

/** Dates the API accepts: anything outside is a typo or an attack, and PostgreSQL or the
 * date arithmetic after it would fail on it. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?/;

/** True when the value's calendar date and time exist (no 30 February, no 24:00) and its
 * year lies in MIN_YEAR..MAX_YEAR. Only the leading date and time are read. */
export function isSaneDate(value: string): boolean {
  const match = DATE_PART.exec(value);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return false;
  if (year < MIN_YEAR || year > MAX_YEAR || hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const INVALID_DATE = `Not a valid date (years ${MIN_YEAR} to ${MAX_YEAR})`;

/** An instant as the API writes and accepts it: ISO 8601 with Z or an offset. */
export const IsoDateTime = z.iso
  .datetime({ offset: true, message: "Expected an ISO date-time", abort: true })
  .refine(isSaneDate, { message: INVALID_DATE, ...fieldCode("invalid_date") });

/**
 * Filter bound from the list filters: YYYY-MM-DDTHH:mm (spec section 5), YYYY-MM-DD or a full
 * ISO date-time. Without an offset the bound is read as UTC; send an offset for local time.
 */
const BOUND_FORMAT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const DateTimeBound = z
  .string()
  .max(40, { abort: true })
  .refine((value) => BOUND_FORMAT.test(value), {
    message: "Expected YYYY-MM-DD or YYYY-MM-DDTHH:mm",
    abort: true,
    ...fieldCode("invalid_date"),
  })
  .refine(isSaneDate, { message: INVALID_DATE, ...fieldCode("invalid_date") });
