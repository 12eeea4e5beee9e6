/**
 * The forms' search: `read_only` (true, "true" or 1) makes the form read-only (spec section 2);
 * `rebook` (a sync issue's id) opens the form with that refused change's values (issue 24).
 */
export interface ShipmentFormSearch {
  read_only?: true;
  rebook?: number;
}

export function readOnlySearch(search: Record<string, unknown>): ShipmentFormSearch {
  const value = search.read_only;
  const rebook = Number(search.rebook);
  return {
    ...(value === true || value === "true" || value === 1 || value === "1"
      ? { read_only: true as const }
      : {}),
    ...(Number.isInteger(rebook) && rebook > 0 ? { rebook } : {}),
  };
}
