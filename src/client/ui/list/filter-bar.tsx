import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent, ReactNode } from "react";
import { Input, Label, TextField } from "react-aria-components";
import { Button } from "../button";
import styles from "./filter-bar.module.css";

export interface FilterBarProps {
  /** The filter inputs (FilterField and friends). */
  children: ReactNode;
  /** Submitting the form (Apply button or Enter in a field). */
  onApply: () => void;
  onClear: () => void;
  /** Shown under the inputs, e.g. DateQuickFilters. */
  footer?: ReactNode;
  /** Accessible name of the filter region; "Filters" when omitted. */
  label?: string;
}

/** Layout of a list's filters: inputs in a wrapping row, then Apply and Clear. */
export function FilterBar({ children, onApply, onClear, footer, label }: FilterBarProps) {
  const { t } = useLingui();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply();
  };
  return (
    <search aria-label={label ?? t`Filters`} className={styles.bar}>
      <form className={styles.fields} onSubmit={handleSubmit}>
        {children}
        <div className={styles.actions}>
          <Button type="submit" variant="primary">
            <Trans>Apply</Trans>
          </Button>
          <Button type="button" variant="secondary" onPress={onClear}>
            <Trans>Clear</Trans>
          </Button>
        </div>
      </form>
      {footer}
    </search>
  );
}

export interface FilterFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "date" | "search";
  placeholder?: string;
  /** Transforms what is typed (e.g. upper case) before onChange. */
  normalise?: (value: string) => string;
  maxLength?: number;
}

/** One labelled filter input sized for touch. */
export function FilterField({
  label,
  value,
  onChange,
  type = "text",
  placeholder,
  normalise,
  maxLength,
}: FilterFieldProps) {
  return (
    <TextField
      className={styles.field}
      value={value}
      type={type}
      maxLength={maxLength}
      onChange={(next) => onChange(normalise ? normalise(next) : next)}
    >
      <Label className={styles.label}>{label}</Label>
      <Input className={styles.input} placeholder={placeholder} />
    </TextField>
  );
}

export interface FilterDateRangeProps<Key extends string> {
  /** The filter keys of the range: [from, until] (ISO dates). */
  keys: readonly [Key, Key];
  labels: readonly [from: string, until: string];
  values: Partial<Record<Key, string | undefined>>;
  set: (key: Key) => (value: string) => void;
}

/** The "from" and "until" date inputs of a list's date range filter. */
export function FilterDateRange<Key extends string>({
  keys,
  labels,
  values,
  set,
}: FilterDateRangeProps<Key>) {
  return keys.map((key, index) => (
    <FilterField
      key={key}
      label={labels[index] ?? key}
      type="date"
      value={values[key] ?? ""}
      onChange={set(key)}
    />
  ));
}
