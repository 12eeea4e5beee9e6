import { useLingui } from "@lingui/react/macro";
import { dismissNotice } from "../lib/notices";
import { type Notice, noticesAtom, useAtomValue } from "../lib/store";
import styles from "./notice-host.module.css";

/** Renders the notices: errors and warnings as alerts, the rest as polite status messages. */
export function NoticeHost() {
  const notices = useAtomValue(noticesAtom);
  return (
    // A top-layer element stays readable while a modal hides the rest of the page.
    <div className={styles.host} data-react-aria-top-layer="true">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useLingui();
  const urgent = notice.kind === "error" || notice.kind === "warning";
  return (
    <div
      className={`${styles.notice} ${styles[notice.kind]}`}
      role={urgent ? "alert" : "status"}
      aria-live={urgent ? "assertive" : "polite"}
    >
      <div className={styles.body}>
        <p className={styles.title}>{notice.title}</p>
        {notice.lines.length > 0 && (
          <ul className={styles.lines}>
            {notice.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t`Dismiss`}
        onClick={() => dismissNotice(notice.id)}
      >
        ×
      </button>
    </div>
  );
}
