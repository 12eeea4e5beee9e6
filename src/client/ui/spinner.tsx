import { Trans } from "@lingui/react/macro";
import styles from "./spinner.module.css";

/** A spinner; decorative unless given a label. */
export function Spinner({ label }: { label?: string }) {
  return label ? (
    <span className={styles.spinner} role="img" aria-label={label} />
  ) : (
    <span className={styles.spinner} aria-hidden="true" />
  );
}

/** Loading state of a page or panel. */
export function LoadingBlock() {
  return (
    <div className={styles.block} role="status">
      <Spinner />
      <Trans>Loading…</Trans>
    </div>
  );
}
