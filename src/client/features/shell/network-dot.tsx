import { Trans } from "@lingui/react/macro";
import { onlineAtom, useAtomValue } from "../../lib/store";
import styles from "./network-dot.module.css";

/** Online/offline state by colour and by text (the text is visible when offline). */
export function NetworkDot() {
  const online = useAtomValue(onlineAtom);
  return (
    <span className={styles.status} role="status">
      <span
        className={`${styles.dot} ${online ? styles.online : styles.offline}`}
        aria-hidden="true"
      />
      {online ? (
        <span className="visually-hidden">
          <Trans>Online</Trans>
        </span>
      ) : (
        <Trans>Offline</Trans>
      )}
    </span>
  );
}
