import { z } from "zod";

/** Longest Idempotency-Key the API accepts (header and batch items alike). */
export const IDEMPOTENCY_KEY_MAX = 200;

/** Printable ASCII: every key stores and compares as the same bytes in PostgreSQL text. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * An Idempotency-Key: 1 to 200 printable ASCII characters (a UUID fits). A lone surrogate,
 * for instance, would be stored as U+FFFD and never match the key it came from, so the request
 * would wait on its own claim; anything but printable ASCII is refused with a 400.
 */
export const IdempotencyKey = z
  .string()
  .min(1, { message: "Must not be empty" })
  .max(IDEMPOTENCY_KEY_MAX, { message: `At most ${IDEMPOTENCY_KEY_MAX} characters` })
  .refine((value) => PRINTABLE_ASCII.test(value), {
    message: "Printable ASCII characters only",
    params: { fieldCode: "invalid_characters" },
  });

export function isIdempotencyKey(value: unknown): value is string {
  return IdempotencyKey.safeParse(value).success;
}
