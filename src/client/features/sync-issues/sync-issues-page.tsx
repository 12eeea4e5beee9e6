import { Trans } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import type { SyncIssueRow } from "../../offline/db";
import { currentAuthor } from "../../offline/sync-engine";
import {
  type ConflictChoice,
  dismissAllIssues,
  dismissIssue,
  reapplyIssue,
  resolveConflict,
  useSyncIssues,
} from "../../offline/sync-issues";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/list/empty-state";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import pageStyles from "../../ui/page.module.css";
import { ConflictCard } from "./conflict-card";
import { issueAction } from "./issue-action";
import { SyncIssueCard } from "./sync-issue-card";
import styles from "./sync-issues.module.css";

/**
 * /sync-issues: the changes made on this device that the server refused. Each was undone on
 * the screen; the user can make it again on the line as it is now, or dismiss it. Edits that
 * met someone else's edit of the same fields list both values per field and a choice.
 */
export function SyncIssuesPage() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const issues = useSyncIssues(userId);
  const [busy, setBusy] = useState(false);

  const run = async (task: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      console.error("Handling a sync issue failed", error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const handleReapply = (issue: SyncIssueRow) =>
    void run(async () => {
      const author = currentAuthor();
      if (author && issue.id !== undefined) await reapplyIssue(issue.id, author);
    });
  const navigate = useNavigate();
  const handleRebook = (issue: SyncIssueRow) => {
    const action = issueAction(issue);
    if ((action.kind !== "rebook" && action.kind !== "edit") || issue.id === undefined) return;
    void navigate({ to: action.to, params: { id: action.id }, search: { rebook: issue.id } });
  };
  const handleDismiss = (issue: SyncIssueRow) =>
    void run(async () => {
      if (issue.id !== undefined) await dismissIssue(issue.id);
    });
  const handleResolve = (issue: SyncIssueRow, fields: string[] | null, choice: ConflictChoice) =>
    void run(async () => {
      const author = currentAuthor();
      if (author && issue.id !== undefined) await resolveConflict(issue.id, fields, choice, author);
    });
  const handleDismissAll = () =>
    void run(async () => {
      if (userId !== null) await dismissAllIssues(userId);
    });

  return (
    <section className={pageStyles.page} aria-labelledby="sync-issues-title">
      <header className={styles.header}>
        <h1 id="sync-issues-title">
          <Trans>Sync issues</Trans>
        </h1>
        {issues && issues.length > 1 && (
          <Button variant="secondary" isDisabled={busy} onPress={handleDismissAll}>
            <Trans>Dismiss all</Trans>
          </Button>
        )}
      </header>
      <p>
        <Trans>
          Changes made on this device that the server refused. They were undone; re-apply one to
          make it again on the line as it is now.
        </Trans>
      </p>
      {issues === undefined ? (
        <LoadingIndicator />
      ) : issues.length === 0 ? (
        <EmptyState message={<Trans>No sync issues: every change reached the server.</Trans>} />
      ) : (
        <ul className={styles.list}>
          {issues.map((issue) =>
            issue.kind === "conflict" ? (
              <ConflictCard key={issue.id} issue={issue} busy={busy} onResolve={handleResolve} />
            ) : (
              <SyncIssueCard
                key={issue.id}
                issue={issue}
                busy={busy}
                onReapply={handleReapply}
                onDismiss={handleDismiss}
                onRebook={handleRebook}
              />
            ),
          )}
        </ul>
      )}
    </section>
  );
}
