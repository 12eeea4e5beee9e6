import { type KeyboardEvent, type ReactNode, useId } from "react";
import styles from "../field.module.css";
import { describedBy, NativeField } from "./native-field";

export interface DateFieldProps {
  label: ReactNode;
  /** The input's value: yyyy-MM-dd, yyyy-MM-ddTHH:mm or HH:mm by `type`; "" for none. */
  value: string;
  onChange: (value: string) => void;
  type?: "date" | "datetime-local" | "time";
  id?: string;
  min?: string;
  max?: string;
  step?: number;
  description?: ReactNode;
  errorMessage?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Shown as text (`readOnlyText`, else the value): never cut off by the picker's widgets. */
  isReadOnly?: boolean;
  readOnlyText?: string;
  /** Enter does nothing here (it never submits the form). */
  blockEnter?: boolean;
  /** Rendered after the input (e.g. a Change button). */
  addon?: ReactNode;
  className?: string | undefined;
}

const stopEnter = (event: KeyboardEvent) => {
  if (event.key === "Enter") event.preventDefault();
};

/**
 * A labelled date, date and time, or time input: the browser's own picker (touch friendly) in
 * the device's zone, 44 px high, with its description and error text.
 */
export function DateField(props: DateFieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const input = (
    <input
      id={id}
      type={props.isReadOnly ? "text" : (props.type ?? "date")}
      className={`${styles.input} ${styles.date}`}
      value={props.isReadOnly ? (props.readOnlyText ?? props.value) : props.value}
      min={props.min}
      max={props.max}
      step={props.step}
      onChange={(event) => props.onChange(event.target.value)}
      onKeyDown={props.blockEnter ? stopEnter : undefined}
      readOnly={props.isReadOnly}
      disabled={props.isDisabled}
      required={props.isRequired}
      aria-invalid={props.errorMessage ? true : undefined}
      aria-describedby={describedBy(id, props)}
      data-invalid={props.errorMessage ? true : undefined}
    />
  );
  return (
    <NativeField {...props} id={id}>
      {props.addon ? (
        <div className={styles.group}>
          {input}
          {props.addon}
        </div>
      ) : (
        input
      )}
    </NativeField>
  );
}
