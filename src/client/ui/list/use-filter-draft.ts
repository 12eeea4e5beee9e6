import { useEffect, useState } from "react";

/** The filters typed as text or dates (a list of ids or a flag has its own control). */
export type TextFilterKey<Filters> = {
  [Key in keyof Filters]-?: NonNullable<Filters[Key]> extends string ? Key : never;
}[keyof Filters] &
  string;

/**
 * A filter panel's draft: what is typed stays here until Apply; the filters the list shows
 * (from the URL) win when they change (back button, quick filter, another tab's link).
 */
export function useFilterDraft<Filters extends object>(filters: Filters) {
  const [draft, setDraft] = useState<Filters>(filters);
  useEffect(() => {
    setDraft(filters);
  }, [filters]);
  /** The change handler of one text or date filter. */
  const set = (key: TextFilterKey<Filters>) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return { draft, setDraft, set };
}
