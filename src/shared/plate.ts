/** Plates are stored upper case without spaces or dashes-with-spaces noise: "1234 abc" -> "1234ABC". */
export function normalisePlate(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}
