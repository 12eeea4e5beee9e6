import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The booking form's stamp against bots (issue 29): the page hands out the time it served the
 * form, signed with the server's secret and bound to the page; a booking must come back with a
 * stamp at least `minFillMs` and at most a day old. Stateless, so any instance checks it.
 */
const MAX_AGE_MS = 86_400_000;

function signature(secret: Uint8Array, page: string, issued: number): string {
  return createHmac("sha256", secret)
    .update(`carrier-booking:${page}:${issued}`)
    .digest("base64url")
    .slice(0, 32);
}

export function formStamp(secret: Uint8Array, page: string, now = Date.now()): string {
  return `${now}.${signature(secret, page, now)}`;
}

/** "ok", or why the stamp is refused: forged or expired ("invalid"), sent too soon ("fast"). */
export function checkFormStamp(
  secret: Uint8Array,
  page: string,
  stamp: string,
  minFillMs: number,
  now = Date.now(),
): "ok" | "invalid" | "fast" {
  const [issuedText, signed = ""] = stamp.split(".");
  const issued = Number(issuedText);
  if (!Number.isSafeInteger(issued)) return "invalid";
  const expected = Buffer.from(signature(secret, page, issued));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  const age = now - issued;
  if (age < 0 || age > MAX_AGE_MS) return "invalid";
  return age < minFillMs ? "fast" : "ok";
}
