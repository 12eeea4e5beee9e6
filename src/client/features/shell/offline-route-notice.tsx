import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { buttonClass } from "../../ui/button";
import pageStyles from "../../ui/page.module.css";
import { PAGE_TITLES, type PageKey } from "../../ui/page-titles";
import styles from "./offline-route-notice.module.css";

/**
 * What a page that needs the network shows offline (issue 26): which page, why it cannot open,
 * what keeps working on the device, and the way there. The page itself comes back by itself
 * when the network returns (app layout).
 */
export function OfflineRouteNotice({ page }: { page: PageKey }) {
  const { i18n } = useLingui();
  const title = i18n._(PAGE_TITLES[page]);
  return (
    <section className={pageStyles.page} aria-labelledby="offline-route-title">
      <div className={styles.notice} role="status">
        <h1 id="offline-route-title" className={styles.title}>
          <Trans>{title} needs the network</Trans>
        </h1>
        <p className={styles.text}>
          <Trans>
            This device is offline. Expeditions, receptions, trucks and the task list keep working
            here, and what you change is sent when the network returns. This page opens by itself
            then.
          </Trans>
        </p>
        <Link to="/dashboard" className={buttonClass("primary")}>
          <Trans>Go to Home</Trans>
        </Link>
      </div>
    </section>
  );
}
