import type { KeyboardEvent, ReactNode } from "react";
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
} from "react-aria-components";
import styles from "../field.module.css";

export interface TextFieldProps extends Omit<AriaTextFieldProps, "className" | "children"> {
  label: string;
  placeholder?: string;
  /** A hint under the label's field. */
  description?: ReactNode;
  /** Shown under the field (e.g. server messages for this field). */
  errorMessage?: string | undefined;
  /** Rendered beside the input (e.g. a show/hide toggle). */
  addon?: ReactNode;
  /** A text area (notes, observations). */
  multiline?: boolean;
  /** Codes and plates in the monospaced face. */
  mono?: boolean;
  /** Enter does nothing here (it never submits the form). */
  blockEnter?: boolean;
  className?: string | undefined;
  /** Bounds of a type="number" input. */
  min?: number;
  max?: number;
}

const stopEnter = (event: KeyboardEvent) => {
  if (event.key === "Enter") event.preventDefault();
};

/** Labelled text input (or text area) with its description and error text; 44 px high. */
export function TextField({
  label,
  placeholder,
  description,
  errorMessage,
  addon,
  multiline,
  mono,
  blockEnter,
  className,
  min,
  max,
  ...props
}: TextFieldProps) {
  const classes = [styles.input, multiline ? styles.textarea : "", mono ? styles.mono : ""]
    .filter(Boolean)
    .join(" ");
  const onKeyDown = blockEnter ? stopEnter : undefined;
  const input = multiline ? (
    <TextArea className={classes} placeholder={placeholder} onKeyDown={onKeyDown} />
  ) : (
    <Input
      className={classes}
      placeholder={placeholder}
      onKeyDown={onKeyDown}
      min={min}
      max={max}
    />
  );
  return (
    <AriaTextField
      {...props}
      className={[styles.field, className].filter(Boolean).join(" ")}
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
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
