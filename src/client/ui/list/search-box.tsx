import { useEffect, useRef, useState } from "react";
import { Input, Label, SearchField } from "react-aria-components";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import styles from "./filter-bar.module.css";

export interface SearchBoxProps {
  label: string;
  /** The search as the URL holds it. */
  value: string | undefined;
  /** A settled search (300 ms after typing stops, or at once on Enter); undefined when empty. */
  onSearch: (value: string | undefined) => void;
  maxLength?: number;
  normalise?: (value: string) => string;
}

/**
 * A list's search box: what is typed filters the list once typing settles and is kept in the
 * URL by the caller. The URL wins when it changes by itself (Clear filters, back button).
 */
export function SearchBox({ label, value, onSearch, maxLength, normalise }: SearchBoxProps) {
  const [text, setText] = useState(value ?? "");
  const settled = useDebouncedValue(text, 300);
  // What this box last asked for: a URL change that is not its own echo replaces the text.
  const asked = useRef(value ?? "");

  useEffect(() => {
    if ((value ?? "") !== asked.current) {
      asked.current = value ?? "";
      setText(value ?? "");
    }
  }, [value]);

  const search = (next: string) => {
    const clean = next.trim();
    if (clean === asked.current) return;
    asked.current = clean;
    onSearch(clean || undefined);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled text searches.
  useEffect(() => search(settled), [settled]);

  return (
    <SearchField
      className={styles.field}
      value={text}
      maxLength={maxLength}
      onChange={(next) => setText(normalise ? normalise(next) : next)}
      onSubmit={search}
      onClear={() => search("")}
    >
      <Label className={styles.label}>{label}</Label>
      <Input className={styles.input} />
    </SearchField>
  );
}
