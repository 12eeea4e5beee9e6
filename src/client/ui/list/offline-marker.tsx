import { Trans } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { Icon } from "../icons";
import styles from "./states.module.css";

export interface OfflineMarkerProps {
  /** Last successful sync of the list (epoch ms), or null when it never synced. */
  updatedAt: number | null;
}

/** "Offline, updated hh:mm": the list shows the device's copy, as of that time. */
export function OfflineMarker({ updatedAt }: OfflineMarkerProps) {
  const time = updatedAt === null ? null : DateTime.fromMillis(updatedAt).toFormat("HH:mm");
  return (
    <p role="status" className={styles.offline}>
      <span className={styles.offlineIcon}>
        <Icon name="offline" size={18} />
      </span>
      {time === null ? (
        <Trans>Offline, not updated yet</Trans>
      ) : (
        <Trans>Offline, updated {time}</Trans>
      )}
    </p>
  );
}
