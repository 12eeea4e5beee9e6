import { useLingui } from "@lingui/react/macro";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import { DEBOUNCE_MAX_WAIT_MS, DEBOUNCE_MS } from "../../../shared/constants";
import type { Shipper } from "../../../shared/contract/trucks";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import listStyles from "../../ui/search-select.module.css";
import { autocompletePlate } from "./api";
import styles from "./truck-form.module.css";

export interface PlateComboBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** An existing truck was chosen from the suggestions. */
  onPick: (truck: Shipper) => void;
  errors?: string[];
  isDisabled?: boolean;
}

/**
 * Plate input with suggestions from autocomplete_plate (spec sections 2 and 5): upper case as
 * typed, the text trimmed, an empty text clears the list, lookups debounced 500 ms (at most
 * 5 s apart while typing goes on). Lookup failures are console-only (spec section 8).
 */
export function PlateComboBox({ value, onChange, onPick, errors, isDisabled }: PlateComboBoxProps) {
  const { t } = useLingui();
  const text = value.trim();
  const query = useDebouncedValue(text, DEBOUNCE_MS, DEBOUNCE_MAX_WAIT_MS);
  const found = useRemoteData(
    query,
    (signal) => (query === "" ? Promise.resolve([]) : autocompletePlate(query, signal)),
    {
      keepPrevious: true,
      onError: (error) => console.error("Plate lookup failed", error),
    },
  );

  const items = text === "" || found.error ? [] : (found.data ?? []);
  // While the lookup for the text runs, the list may open empty ("Searching…"): suggestions
  // that arrive after the last key press then show without another key press.
  const searching = text !== "" && (query !== text || found.isLoading);
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <ComboBox
      className={styles.field}
      items={items}
      inputValue={value}
      onInputChange={(next) => onChange(next.toUpperCase())}
      onSelectionChange={(key) => {
        const truck = items.find((item) => item.id === key);
        if (truck) onPick(truck);
      }}
      allowsCustomValue
      allowsEmptyCollection={searching}
      menuTrigger="input"
      isInvalid={invalid}
      isDisabled={isDisabled}
      isRequired
    >
      <Label className={styles.label}>{t`Plate`}</Label>
      <Input className={`${styles.input} ${styles.mono}`} placeholder="XXXX-AAA" maxLength={40} />
      {invalid ? (
        <Text slot="errorMessage" className={styles.error}>
          {errors?.join(" ")}
        </Text>
      ) : null}
      <Popover className={listStyles.popover}>
        <ListBox
          className={listStyles.listbox}
          renderEmptyState={() => <p className={listStyles.empty}>{t`Searching…`}</p>}
        >
          {(truck: Shipper) => (
            <ListBoxItem
              id={truck.id}
              textValue={truck.plate}
              className={`${listStyles.option} ${styles.plateOption}`}
            >
              <span className={styles.mono}>{truck.plate}</span>
              <span className={listStyles.detail}>{truck.name}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
