import { useState } from "react";

export interface SortState<Key extends string> {
  key: Key;
  ascending: boolean;
}

/**
 * A sortable table's order (ListTable draws it in the header: aria-sort and an arrow):
 * pressing the sorted column turns it round; another column starts ascending when it holds text
 * (names, plates) and descending when it holds figures.
 */
export function useSortState<Key extends string>(
  initial: SortState<Key>,
  textColumns: readonly Key[],
): [SortState<Key>, (key: Key) => void] {
  const [sort, setSort] = useState(initial);
  const handleSort = (key: Key) =>
    setSort((current) => ({
      key,
      ascending: current.key === key ? !current.ascending : textColumns.includes(key),
    }));
  return [sort, handleSort];
}
