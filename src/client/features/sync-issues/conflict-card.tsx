import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import type { SyncIssueRow } from "../../offline/db";
import type { ConflictChoice } from "../../offline/sync-issues";
import { Button } from "../../ui/button";
import { ListTable } from "../../ui/list/list-table";
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
      <ListTable
        rows={conflicts}
        rowKey={(conflict) => conflict.field}
        caption={<Trans>Fields changed on both sides, {label}</Trans>}
        className={styles.fields}
        wrapClassName={null}
        labelCells
        columns={[
          {
            id: "field",
            header: t`Field`,
            rowHeader: true,
            cell: (conflict) => fieldText(conflict.field, i18n),
          },
          {
            id: "mine",
            header: t`Yours`,
            className: styles.mine,
            cell: (conflict) => fieldValueText(conflict.field, conflict.mineShown, i18n),
          },
          {
            id: "theirs",
            header: t`On the server`,
            cell: (conflict) => fieldValueText(conflict.field, conflict.theirsShown, i18n),
          },
          {
            id: "choice",
            header: (
              <span className="visually-hidden">
                <Trans>Choice</Trans>
              </span>
            ),
            className: styles.choiceCell,
            cell: (conflict) => {
              const name = fieldText(conflict.field, i18n);
              return (
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
              );
            },
          },
        ]}
      />
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
