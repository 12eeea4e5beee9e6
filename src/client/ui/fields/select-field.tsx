import { type ReactNode, useId } from "react";
import styles from "../field.module.css";
import { describedBy, NativeField } from "./native-field";

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
  return (
    <NativeField {...props} id={id}>
      <select
        id={id}
        name={props.name}
        className={props.selectClassName ?? styles.select}
        value={props.value}
        disabled={props.isDisabled || props.isReadOnly}
        required={props.isRequired}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.errorMessage || props.isInvalid ? true : undefined}
        aria-describedby={describedBy(id, props)}
      >
        {props.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {props.children}
      </select>
    </NativeField>
  );
}
