import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import styles from "../../ui/page.module.css";

export function NotFound() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Link to="/dashboard">
          <Trans>Go to the home menu</Trans>
        </Link>
      </p>
    </main>
  );
}
