/** The forms' search: `read_only` (true, "true" or 1) makes the form read-only (spec section 2). */
export interface ShipmentFormSearch {
  read_only?: true;
}

export function readOnlySearch(search: Record<string, unknown>): ShipmentFormSearch {
  const value = search.read_only;
  return value === true || value === "true" || value === 1 || value === "1"
    ? { read_only: true }
    : {};
}
