import type { ReactNode } from "react";
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
} from "react-aria-components";
import styles from "./field.module.css";

export interface TextFieldProps extends Omit<AriaTextFieldProps, "className" | "children"> {
  label: string;
  placeholder?: string;
  /** Shown under the field (e.g. server messages for this field). */
  errorMessage?: string;
  /** Rendered beside the input (e.g. a show/hide toggle). */
  addon?: ReactNode;
}

/** Labelled text input with its error text; 44 px high. */
export function TextField({ label, placeholder, errorMessage, addon, ...props }: TextFieldProps) {
  const input = <Input className={styles.input} placeholder={placeholder} />;
  return (
    <AriaTextField
      {...props}
      className={styles.field}
      isInvalid={props.isInvalid ?? Boolean(errorMessage)}
    >
      <Label className={styles.label}>{label}</Label>
      {addon ? (
        <div className={styles.group}>
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
