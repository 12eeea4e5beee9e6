import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { useMirrorQuery } from "../../lib/data-hooks/use-mirror-query";
import { refusalLines } from "../../lib/error-messages";
import type { SyncIssueRow } from "../../offline/db";
import { canReapply } from "../../offline/sync-issues";
import { Button } from "../../ui/button";
import { fieldText, fieldValueText } from "./field-text";
import { issueAction } from "./issue-action";
import { serverValueText } from "./server-value";
import styles from "./sync-issues.module.css";

const DATE_TIME = "dd/MM/yyyy HH:mm";

export interface SyncIssueCardProps {
  issue: SyncIssueRow;
  busy: boolean;
  onReapply: (issue: SyncIssueRow) => void;
  onDismiss: (issue: SyncIssueRow) => void;
  /** Opens the line's form with this device's values (`?rebook=<issue id>`). */
  onRebook?: ((issue: SyncIssueRow) => void) | undefined;
}

/** One refused change: what it was, when it was made, why it came back, and what to do. */
export function SyncIssueCard({ issue, busy, onReapply, onDismiss, onRebook }: SyncIssueCardProps) {
  const { i18n, t } = useLingui();
  const reapplicable = useMirrorQuery(() => canReapply(issue), [issue]);
  const { label, from, to } = issue.summary;
  const made = DateTime.fromMillis(issue.madeAt).toFormat(DATE_TIME);
  const onServer = serverValueText(issue.summary.field, issue.serverValue, i18n);
  const headingId = `sync-issue-${issue.id}`;
  const action = issueAction(issue);
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.label}>
        {label}
      </h2>
      <p className={styles.change}>
        <FieldName field={issue.summary.field} entity={issue.entity} />:{" "}
        {from === null && (issue.summary.field === "edit" || issue.op === "create") ? (
          <strong>{to ?? "—"}</strong>
        ) : (
          <>
            <span className={styles.from}>{from ?? "—"}</span> → <strong>{to ?? "—"}</strong>
          </>
        )}
      </p>
      {onServer !== null && (
        <p className={styles.server}>
          <Trans>
            On the server now: <strong>{onServer}</strong>
          </Trans>
        </p>
      )}
      {refusedValues(issue).map(([field, value]) => {
        const name = fieldText(field, i18n);
        const shown = fieldValueText(field, value, i18n);
        return (
          <p key={field} className={styles.server}>
            <Trans>
              {name} you asked for: <strong>{shown}</strong>
            </Trans>
          </p>
        );
      })}
      {refusalLines(issue, i18n).map((line) => (
        <p key={line} className={styles.reason}>
          {line}
        </p>
      ))}
      {issue.changedBy && (
        <p>
          <Trans>Changed meanwhile by {issue.changedBy}</Trans>
        </p>
      )}
      <p className={styles.meta}>
        <Trans>
          Made by {issue.username} on {made}
        </Trans>
      </p>
      <div className={styles.actions}>
        {action.kind === "rebook" || action.kind === "edit" ? (
          <Button variant="primary" isDisabled={busy} onPress={() => onRebook?.(issue)}>
            {action.kind === "rebook" ? (
              <Trans>Re-book at another hour</Trans>
            ) : (
              <Trans>Correct it in the form</Trans>
            )}
          </Button>
        ) : null}
        {action.kind === "plate" ? (
          <Link to="/trucks" search={{ plate: action.plate }} className={styles.link}>
            <Trans>Open the truck with plate {action.plate}</Trans>
          </Link>
        ) : null}
        {action.kind === "reapply" ? (
          <Button
            variant="primary"
            isDisabled={!reapplicable || busy}
            onPress={() => onReapply(issue)}
            aria-label={t`Re-apply the change to ${label}`}
          >
            <Trans>Re-apply</Trans>
          </Button>
        ) : null}
        <Button
          variant="secondary"
          isDisabled={busy}
          onPress={() => onDismiss(issue)}
          aria-label={t`Dismiss the change to ${label}`}
        >
          {/* Throwing the change away, not closing a notice ("Dismiss" of the notices). */}
          <Trans context="sync issue">Dismiss</Trans>
        </Button>
      </div>
    </li>
  );
}

/** What the change was about: a line's status, reason or fields, a new line or truck. */
function FieldName({ field, entity }: { field: string; entity: SyncIssueRow["entity"] }) {
  if (field === "status") return <Trans>Status</Trans>;
  if (field === "reason") return <Trans>Reason</Trans>;
  if (field === "edit") return <Trans>Changed fields</Trans>;
  if (field === "check_in") return <Trans>Check-in</Trans>;
  if (field === "check_out") return <Trans>Check-out</Trans>;
  if (field === "delete") return <Trans>Delete</Trans>;
  if (entity === "attachment") return <Trans>File</Trans>;
  if (entity === "shipment") return <Trans>New line</Trans>;
  if (entity === "critical_line") return <Trans>New critical line</Trans>;
  if (entity === "task_line") return <Trans>New task line</Trans>;
  return <Trans>New truck</Trans>;
}

/** The values of the fields the server refused, as this device wanted them. */
function refusedValues(issue: SyncIssueRow): [string, unknown][] {
  return Object.keys(issue.fieldCodes ?? {}).flatMap((field) =>
    field in issue.changes ? [[field, issue.changes[field]] as [string, unknown]] : [],
  );
}
