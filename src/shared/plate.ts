/**
 * Plates keep what the user typed (issue 25): upper case, hyphens and single spaces kept, as the
 * form's XXXX-AAA placeholder suggests ("1234-abc" is stored "1234-ABC"). Duplicates, lookups
 * and searches compare the key without separators: "1234 ABC" and "1234-ABC" are one truck
 * (the database's plate_key column holds the same key, unique per company).
 */
export function normalisePlate(raw: string): string {
  return raw.replace(/[\s\-‐-―]+/g, "").toUpperCase();
}

/** The plate as stored and shown: trimmed, upper case, runs of spaces one space, dashes "-". */
export function displayPlate(raw: string): string {
  return raw.trim().replace(/[‐-―]/g, "-").replace(/\s+/g, " ").toUpperCase();
}
