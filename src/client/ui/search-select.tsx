import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useState } from "react";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import { DEBOUNCE_MAX_WAIT_MS, DEBOUNCE_MS } from "../../shared/constants";
import { useRemoteData } from "../lib/data-hooks/use-remote-data";
import { useDebouncedValue } from "../lib/use-debounced-value";
import styles from "./search-select.module.css";

/** One choice of a search select: its key, what the input shows, an optional second line. */
export interface SearchOption {
  id: number;
  text: string;
  detail?: string;
}

export interface SearchSelectProps<T extends SearchOption> {
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  /** The choices for a typed text (trimmed, never empty); a failure shows "No matches". */
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  isReadOnly?: boolean;
  isRequired?: boolean;
  errorMessage?: string | undefined;
  placeholder?: string;
  /** Buttons beside the input (e.g. "New client"). */
  actions?: ReactNode;
  /** Monospaced choices (plates). */
  mono?: boolean;
}

/**
 * Search-as-you-type select (spec "Reusable parts"): the typed text is trimmed and looked up
 * 500 ms after the last key (at most 5 s apart while typing goes on); choosing sets the value,
 * emptying the input clears it. Free text is never taken as a value: a text that matches no
 * choice leaves the value as it was (shown again on leaving the field).
 */
export function SearchSelect<T extends SearchOption>(props: SearchSelectProps<T>) {
  const { t } = useLingui();
  const { value, onChange, search } = props;
  const [input, setInput] = useState(value?.text ?? "");
  const text = input.trim();
  const query = useDebouncedValue(text, DEBOUNCE_MS, DEBOUNCE_MAX_WAIT_MS);
  // Nothing is looked up for an empty text or the chosen value's own text: the last
  // suggestions stay (the chosen one among them).
  const found = useRemoteData(
    query === "" || query === value?.text ? null : query,
    (signal) => search(query, signal),
    {
      keepPrevious: true,
      // Another search (e.g. the descriptions of another task) looks the text up again.
      revision: search,
      onError: (error) => console.error("Search failed", error),
    },
  );

  // A value set from outside (a modal's save, the loaded line) shows in the input.
  useEffect(() => setInput(value?.text ?? ""), [value?.text]);

  const searching = text !== "" && (query !== text || found.isLoading) && text !== value?.text;
  const items = text === "" || found.error ? [] : (found.data ?? []);
  return (
    <ComboBox
      className={styles.field}
      items={items}
      inputValue={input}
      onInputChange={(next) => {
        setInput(next);
        if (next.trim() === "") onChange(null);
      }}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const item = items.find((candidate) => candidate.id === key);
        if (item) {
          onChange(item);
          setInput(item.text);
        }
      }}
      onBlur={() => setInput(value?.text ?? "")}
      allowsEmptyCollection
      menuTrigger="input"
      isInvalid={Boolean(props.errorMessage)}
      isDisabled={props.isReadOnly}
      isRequired={props.isRequired}
    >
      <Label className={styles.label}>{props.label}</Label>
      <div className={styles.row}>
        <Input
          className={styles.input}
          placeholder={props.placeholder ?? t`Type to search`}
          style={props.mono ? { fontFamily: "var(--font-mono)" } : undefined}
        />
        {props.actions}
      </div>
      {props.errorMessage ? (
        <Text slot="errorMessage" className={styles.error}>
          {props.errorMessage}
        </Text>
      ) : null}
      <Popover className={styles.popover}>
        <ListBox
          className={styles.listbox}
          renderEmptyState={() => (
            <p className={styles.empty}>{searching ? t`Searching…` : t`No matches`}</p>
          )}
        >
          {(item: T) => (
            <ListBoxItem id={item.id} textValue={item.text} className={styles.option}>
              <span style={props.mono ? { fontFamily: "var(--font-mono)" } : undefined}>
                {item.text}
              </span>
              {item.detail ? <span className={styles.detail}>{item.detail}</span> : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
