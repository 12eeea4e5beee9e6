import type { ReactNode } from "react";
import styles from "../field.module.css";

export interface CheckboxProps {
  children: ReactNode;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
  name?: string;
  value?: string;
  "aria-describedby"?: string;
  className?: string | undefined;
}

/**
 * A labelled check box with a 44 px touch target and a large box. A native input (not
 * react-aria's visually hidden one), so the box itself is what a pointer or a test clicks.
 */
export function Checkbox({ children, className, isSelected, onChange, ...props }: CheckboxProps) {
  return (
    <label
      className={[styles.check, className].filter(Boolean).join(" ")}
      data-disabled={props.isDisabled || undefined}
    >
      <input
        type="checkbox"
        className={styles.box}
        name={props.name}
        value={props.value}
        checked={isSelected}
        disabled={props.isDisabled}
        aria-describedby={props["aria-describedby"]}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}

export interface CheckboxGroupProps {
  label: ReactNode;
  /** Checkbox elements. */
  children: ReactNode;
  description?: ReactNode;
  errorMessage?: string | undefined;
  className?: string | undefined;
}

/** Several check boxes under one label (a fieldset and its legend), with the group's error. */
export function CheckboxGroup({
  label,
  children,
  description,
  errorMessage,
  className,
}: CheckboxGroupProps) {
  return (
    <fieldset
      className={[styles.checkGroup, className].filter(Boolean).join(" ")}
      aria-invalid={errorMessage ? true : undefined}
    >
      <legend className={styles.label}>{label}</legend>
      {children}
      {description ? <span className={styles.description}>{description}</span> : null}
      {errorMessage ? <span className={styles.error}>{errorMessage}</span> : null}
    </fieldset>
  );
}
