import { type ReactNode, useId } from "react";
import styles from "../field.module.css";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The choices; or `children` with <option> elements (groups, a placeholder option). */
  options?: readonly SelectOption[];
  children?: ReactNode;
  id?: string;
  name?: string;
  description?: ReactNode;
  errorMessage?: string | undefined;
  /** Invalid without its own error text (a neighbour field shows it). */
  isInvalid?: boolean;
  /** Shown, not changeable (a read-only form). */
  isReadOnly?: boolean;
  isDisabled?: boolean;
  isRequired?: boolean;
  className?: string | undefined;
  /** Classes of the <select> itself. */
  selectClassName?: string | undefined;
}

/**
 * A labelled native select: the device's own list on tablets and phones, 44 px high, with its
 * description and error text tied to it (aria-describedby).
 */
export function SelectField(props: SelectFieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const described = [
    props.description ? `${id}-description` : "",
    props.errorMessage ? `${id}-error` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={[styles.field, props.className].filter(Boolean).join(" ")}>
      <label className={styles.label} htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        className={props.selectClassName ?? styles.select}
        value={props.value}
        disabled={props.isDisabled || props.isReadOnly}
        required={props.isRequired}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.errorMessage || props.isInvalid ? true : undefined}
        aria-describedby={described || undefined}
      >
        {props.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {props.children}
      </select>
      {props.description ? (
        <span id={`${id}-description`} className={styles.description}>
          {props.description}
        </span>
      ) : null}
      {props.errorMessage ? (
        <span id={`${id}-error`} className={styles.error}>
          {props.errorMessage}
        </span>
      ) : null}
    </div>
  );
}
