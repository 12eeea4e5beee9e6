/**
 * Plates are stored upper case without spaces or hyphens: "1234 abc" and "1234-ABC" (the form's
 * XXXX-AAA placeholder) are both "1234ABC", so one truck cannot be registered twice.
 */
export function normalisePlate(raw: string): string {
  return raw.replace(/[\s\-‐-―]+/g, "").toUpperCase();
}
