import type { ReactNode } from "react";
import styles from "../field.module.css";

export interface NativeFieldParts {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | undefined;
  className?: string | undefined;
}

/** The ids a native control's aria-describedby names: its description and its error. */
export function describedBy(id: string, parts: NativeFieldParts): string | undefined {
  const ids = [
    parts.description ? `${id}-description` : "",
    parts.errorMessage ? `${id}-error` : "",
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** Label, control, description and error of a native select or date input. */
export function NativeField({
  id,
  children,
  ...parts
}: NativeFieldParts & { id: string; children: ReactNode }) {
  return (
    <div className={[styles.field, parts.className].filter(Boolean).join(" ")}>
      <label className={styles.label} htmlFor={id}>
        {parts.label}
      </label>
      {children}
      {parts.description ? (
        <span id={`${id}-description`} className={styles.description}>
          {parts.description}
        </span>
      ) : null}
      {parts.errorMessage ? (
        <span id={`${id}-error`} className={styles.error}>
          {parts.errorMessage}
        </span>
      ) : null}
    </div>
  );
}
