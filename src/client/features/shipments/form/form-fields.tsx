import { DateTime } from "luxon";
import type { KeyboardEvent, ReactNode } from "react";
import {
  TextField as AriaTextField,
  Checkbox,
  Input,
  Label,
  Text,
  TextArea,
} from "react-aria-components";
import { DATE_DISPLAY_FORMAT } from "../../../../shared/constants";
import fieldStyles from "../../../ui/field.module.css";
import styles from "./shipment-form.module.css";

/** The form's inputs: 44 px, labelled, each with its error text under it. */

/** Enter never submits from these fields, nor adds a line (spec section 5). */
const blockEnter = (event: KeyboardEvent) => {
  if (event.key === "Enter") event.preventDefault();
};

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isReadOnly: boolean;
  errorMessage?: string | undefined;
  maxLength?: number;
  /** Notes: a text area where Enter does nothing. */
  multiline?: boolean;
  inputMode?: "text" | "numeric" | "decimal";
  mono?: boolean;
  className?: string | undefined;
  isRequired?: boolean;
}

export function TextInput(props: TextInputProps) {
  const classes = [fieldStyles.input, props.multiline ? styles.textarea : ""].join(" ");
  const style = props.mono ? { fontFamily: "var(--font-mono)" } : undefined;
  return (
    <AriaTextField
      className={[fieldStyles.field, props.className].filter(Boolean).join(" ")}
      value={props.value}
      onChange={props.onChange}
      isReadOnly={props.isReadOnly}
      isInvalid={Boolean(props.errorMessage)}
      isRequired={props.isRequired}
      maxLength={props.maxLength}
      inputMode={props.inputMode}
    >
      <Label className={fieldStyles.label}>{props.label}</Label>
      {props.multiline ? (
        <TextArea className={classes} onKeyDown={blockEnter} style={style} />
      ) : (
        <Input className={classes} onKeyDown={blockEnter} style={style} />
      )}
      {props.errorMessage ? (
        <Text slot="errorMessage" className={fieldStyles.error}>
          {props.errorMessage}
        </Text>
      ) : null}
    </AriaTextField>
  );
}

export interface CheckInputProps {
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
  isReadOnly: boolean;
}

export function CheckInput({ label, value, onChange, isReadOnly }: CheckInputProps) {
  return (
    <Checkbox
      className={styles.check}
      isSelected={value}
      onChange={onChange}
      isDisabled={isReadOnly}
    >
      <span className={styles.box} aria-hidden="true">
        {value ? "✓" : ""}
      </span>
      {label}
    </Checkbox>
  );
}

export interface DateInputProps {
  id: string;
  label: string;
  /** datetime-local value (yyyy-MM-ddTHH:mm) or "". */
  value: string;
  onChange: (value: string) => void;
  isReadOnly: boolean;
  errorMessage?: string | undefined;
  isRequired?: boolean;
  /** Shown after the input (the booked date's Change button). */
  addon?: ReactNode;
}

/** A datetime-local value as the lists show dates (DD/MM/YYYY HH:mm), "" for none. */
export function displayDate(local: string): string {
  const date = DateTime.fromISO(local);
  return local && date.isValid ? date.toFormat(DATE_DISPLAY_FORMAT) : "";
}

/**
 * Date and time in the device's zone: the browser's own picker (touch friendly) when it may be
 * changed, else the date as the lists show it (DD/MM/YYYY HH:mm, never cut off by the picker's
 * widgets).
 */
export function DateInput(props: DateInputProps) {
  const errorId = `${props.id}-error`;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={props.id}>
        {props.label}
      </label>
      <div className={fieldStyles.group}>
        <input
          id={props.id}
          type={props.isReadOnly ? "text" : "datetime-local"}
          className={`${fieldStyles.input} ${styles.dateInput}`}
          value={props.isReadOnly ? displayDate(props.value) : props.value}
          onChange={(event) => props.onChange(event.target.value)}
          onKeyDown={blockEnter}
          readOnly={props.isReadOnly}
          required={props.isRequired}
          aria-invalid={props.errorMessage ? true : undefined}
          aria-describedby={props.errorMessage ? errorId : undefined}
          data-invalid={props.errorMessage ? true : undefined}
        />
        {props.addon}
      </div>
      {props.errorMessage ? (
        <span id={errorId} className={fieldStyles.error}>
          {props.errorMessage}
        </span>
      ) : null}
    </div>
  );
}

export interface SelectInputProps {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  isReadOnly: boolean;
  errorMessage?: string | undefined;
}

/** A native select: the device's own list on tablets and phones. */
export function SelectInput(props: SelectInputProps) {
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className={styles.select}
        value={props.value}
        disabled={props.isReadOnly}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.errorMessage ? true : undefined}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {props.errorMessage ? <span className={fieldStyles.error}>{props.errorMessage}</span> : null}
    </div>
  );
}
