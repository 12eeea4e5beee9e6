import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import type { SyncIssueRow } from "../../offline/db";
import type { ConflictChoice } from "../../offline/sync-issues";
import { Button } from "../../ui/button";
import { fieldText, fieldValueText } from "./field-text";
import styles from "./sync-issues.module.css";

const DATE_TIME = "dd/MM/yyyy HH:mm";

export interface ConflictCardProps {
  issue: SyncIssueRow;
  busy: boolean;
  /** Settles `fields` (null: all of them) with this device's or the server's values. */
  onResolve: (issue: SyncIssueRow, fields: string[] | null, choice: ConflictChoice) => void;
}

/**
 * An edit that met someone else's edit of the same fields: the rest of it was saved; for each
 * field both changed, the user's value and the one on the server, and a choice per field or for
 * all of them at once.
 */
export function ConflictCard({ issue, busy, onResolve }: ConflictCardProps) {
  const { i18n, t } = useLingui();
  const conflicts = issue.conflicts ?? [];
  const { label } = issue.summary;
  const made = DateTime.fromMillis(issue.madeAt).toFormat(DATE_TIME);
  const headingId = `sync-issue-${issue.id}`;
  const who = issue.changedBy;
  return (
    <li className={`${styles.card} ${styles.conflict}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.label}>
        {label}
      </h2>
      <p className={styles.reason}>
        {who ? (
          <Trans>
            {who} changed the same fields meanwhile. Your other changes were saved; choose which
            value to keep.
          </Trans>
        ) : (
          <Trans>
            Someone else changed the same fields meanwhile. Your other changes were saved; choose
            which value to keep.
          </Trans>
        )}
      </p>
      <table className={styles.fields}>
        <caption className="visually-hidden">
          <Trans>Fields changed on both sides, {label}</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Field</Trans>
            </th>
            <th scope="col">
              <Trans>Yours</Trans>
            </th>
            <th scope="col">
              <Trans>On the server</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Choice</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {conflicts.map((conflict) => {
            const name = fieldText(conflict.field, i18n);
            return (
              <tr key={conflict.field}>
                <th scope="row">{name}</th>
                <td className={styles.mine} data-label={t`Yours`}>
                  {fieldValueText(conflict.field, conflict.mineShown, i18n)}
                </td>
                <td data-label={t`On the server`}>
                  {fieldValueText(conflict.field, conflict.theirsShown, i18n)}
                </td>
                <td className={styles.choiceCell}>
                  <div className={styles.choice}>
                    <Button
                      variant="primary"
                      isDisabled={busy}
                      onPress={() => onResolve(issue, [conflict.field], "mine")}
                      aria-label={t`Keep mine: ${name} of ${label}`}
                    >
                      <Trans>Keep mine</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      isDisabled={busy}
                      onPress={() => onResolve(issue, [conflict.field], "theirs")}
                      aria-label={t`Keep theirs: ${name} of ${label}`}
                    >
                      <Trans>Keep theirs</Trans>
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className={styles.meta}>
        <Trans>
          Made by {issue.username} on {made}
        </Trans>
      </p>
      {conflicts.length > 1 && (
        <div className={styles.actions}>
          <Button
            variant="primary"
            isDisabled={busy}
            onPress={() => onResolve(issue, null, "mine")}
            aria-label={t`Keep all mine for ${label}`}
          >
            <Trans>Keep all mine</Trans>
          </Button>
          <Button
            variant="secondary"
            isDisabled={busy}
            onPress={() => onResolve(issue, null, "theirs")}
            aria-label={t`Keep all theirs for ${label}`}
          >
            <Trans>Keep all theirs</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}
