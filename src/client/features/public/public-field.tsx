import { useId } from "react";
import fieldStyles from "../../ui/field.module.css";

export interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  type?: "text" | "tel" | "email";
  maxLength?: number;
  placeholder?: string;
  errors: string[] | undefined;
}

/** A required, labelled input with the server's messages for it underneath. */
export function Field({
  label,
  value,
  onChange,
  autoComplete,
  type = "text",
  placeholder,
  errors,
  maxLength,
}: FieldProps) {
  const id = useId();
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        className={fieldStyles.input}
        type={type}
        value={value}
        required
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {invalid ? (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {errors.join(" ")}
        </span>
      ) : null}
    </div>
  );
}
