import { useState } from "react";
import styles from "./bi.module.css";

export interface SortState<Key extends string> {
  key: Key;
  ascending: boolean;
}

/**
 * A sortable table's order: pressing the sorted column turns it round; another column starts
 * ascending when it holds text (names, plates) and descending when it holds figures.
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

export interface SortableHeadProps<Key extends string> {
  columns: readonly Key[];
  names: Record<Key, string>;
  sort: SortState<Key>;
  onSort: (key: Key) => void;
}

/** The header row of a BI table: each column a button, its order told by aria-sort and an arrow. */
export function SortableHead<Key extends string>({
  columns,
  names,
  sort,
  onSort,
}: SortableHeadProps<Key>) {
  return (
    <thead>
      <tr>
        {columns.map((key) => (
          <th
            key={key}
            scope="col"
            aria-sort={sort.key === key ? (sort.ascending ? "ascending" : "descending") : undefined}
          >
            <button type="button" className={styles.rowButton} onClick={() => onSort(key)}>
              {names[key]}
              {sort.key === key ? (sort.ascending ? " ▲" : " ▼") : ""}
            </button>
          </th>
        ))}
      </tr>
    </thead>
  );
}
