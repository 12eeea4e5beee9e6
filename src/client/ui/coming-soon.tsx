import { Trans } from "@lingui/react/macro";
import styles from "./page.module.css";

/** Placeholder of a screen not built yet: its title and a short note. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {title}
      </h1>
      <div className={styles.panel}>
        <p className={styles.muted}>
          <Trans>This screen is coming soon</Trans>
        </p>
      </div>
    </section>
  );
}
