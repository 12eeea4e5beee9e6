import { useLingui } from "@lingui/react/macro";
import { Spinner } from "../spinner";
import styles from "./states.module.css";

export interface LoadingIndicatorProps {
  /** Defaults to "Loading…". */
  label?: string;
  /** Small inline spinner (beside a title) rather than a block. */
  inline?: boolean;
}

/** A spinner announced politely to screen readers while a list loads. */
export function LoadingIndicator({ label, inline = false }: LoadingIndicatorProps) {
  const { t } = useLingui();
  return (
    <span role="status" className={inline ? styles.loadingInline : styles.loading}>
      <Spinner />
      <span className={inline ? "visually-hidden" : undefined}>{label ?? t`Loading…`}</span>
    </span>
  );
}
