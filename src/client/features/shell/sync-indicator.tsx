import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { useSession } from "../../lib/session/use-session";
import { useSyncStatus } from "../../offline/sync-status";
import { NetworkDot } from "./network-dot";
import styles from "./sync-indicator.module.css";

/**
 * The top bar's sync state: online or offline, changes waiting for the server, the last time
 * the server answered, and a badge leading to the sync issues list when changes were refused.
 */
export function SyncIndicator() {
  const { t } = useLingui();
  const { user } = useSession();
  const status = useSyncStatus(user?.id ?? null);
  const time = status?.lastSync ? DateTime.fromMillis(status.lastSync).toFormat("HH:mm") : null;
  const waiting = status?.waiting ?? 0;
  const issues = status?.issues ?? 0;
  return (
    <div className={styles.indicator}>
      <NetworkDot />
      {waiting > 0 && (
        <span className={styles.waiting} role="status">
          <Plural value={waiting} one="# change waiting" other="# changes waiting" />
        </span>
      )}
      {time !== null && (
        <span className={styles.time} title={t`Last sync`}>
          <Trans>Synced {time}</Trans>
        </span>
      )}
      {issues > 0 && (
        <Link to="/sync-issues" className={styles.issues}>
          {/* Part of the link's name ("2 sync issues"): the count is what the badge tells. */}
          <span className={styles.badge}>{issues}</span>{" "}
          <Plural value={issues} one="sync issue" other="sync issues" />
        </Link>
      )}
    </div>
  );
}
