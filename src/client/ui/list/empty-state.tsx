import type { ReactNode } from "react";
import styles from "./states.module.css";

export interface EmptyStateProps {
  /** What is missing, e.g. "No trucks found". */
  message: ReactNode;
  /** A hint or an action (clear filters, add one). */
  children?: ReactNode;
}

export function EmptyState({ message, children }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyMessage}>{message}</p>
      {children}
    </div>
  );
}
