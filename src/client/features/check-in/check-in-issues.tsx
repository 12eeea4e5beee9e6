import { Trans, useLingui } from "@lingui/react/macro";
import { codeText } from "../../lib/error-messages";
import { isGateWritePath } from "../../offline/gate-writes";
import { dismissIssue, useSyncIssues } from "../../offline/sync-issues";
import { Button } from "../../ui/button";
import styles from "./check-in.module.css";

/**
 * Check-ins and check-outs the server refused when they were replayed (the line got another
 * truck meanwhile...): shown on the terminal itself, with what to tell the driver, until the
 * guard dismisses them. (Truck access users reach no other screen, sync issues included.)
 */
export function CheckInIssues({ userId }: { userId: number | null }) {
  const { i18n } = useLingui();
  const issues = (useSyncIssues(userId) ?? []).filter((issue) => isGateWritePath(issue.path));
  if (issues.length === 0) return null;
  return (
    <section className={styles.issues} aria-labelledby="check-in-issues-title">
      <h2 id="check-in-issues-title" className={styles.issuesTitle}>
        <Trans>Not accepted by the server</Trans>
      </h2>
      <ul className={styles.issueList}>
        {issues.map((issue) => {
          const plate = issue.summary.field === "check_in" ? issue.summary.to : issue.summary.label;
          return (
            <li key={issue.id} className={styles.issue}>
              <div>
                <p className={styles.issueHead}>
                  {issue.summary.field === "check_in" ? (
                    <Trans>
                      Check-in of {plate} for {issue.summary.label}
                    </Trans>
                  ) : (
                    <Trans>Check-out of {plate}</Trans>
                  )}
                </p>
                <p>{codeText(issue.code, i18n, "check-in") ?? issue.message}</p>
              </div>
              <Button variant="secondary" onPress={() => void dismissIssue(issue.id ?? 0)}>
                <Trans>Dismiss</Trans>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
