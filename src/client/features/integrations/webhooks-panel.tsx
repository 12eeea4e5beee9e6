import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { WebhookEndpoint } from "../../../shared/contract/webhooks";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { formatDateTime } from "../../lib/format-date-time";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { EmptyState } from "../../ui/list/empty-state";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { RowAction } from "../../ui/list/row-action";
import { useConfirmedDelete } from "../../ui/list/use-confirmed-delete";
import { deleteEndpoint, listEndpoints, rotateEndpointSecret } from "./api";
import { DeliveriesDialog } from "./deliveries-dialog";
import styles from "./integrations.module.css";
import { EVENT_LABELS } from "./labels";
import type { ShownOnce } from "./shown-once-dialog";
import { WebhookDialog } from "./webhook-dialog";

/** The company's webhook endpoints: add, change, delivery log, new secret, remove. */
export function WebhooksPanel({
  companyId,
  onShowOnce,
}: {
  companyId: number;
  onShowOnce: (shown: ShownOnce) => void;
}) {
  const { t, i18n } = useLingui();
  const endpoints = useRemoteData(String(companyId), (signal) => listEndpoints(signal), {
    onError: notifyError,
  });
  const [editing, setEditing] = useState<WebhookEndpoint | "new" | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const rows = endpoints.data ?? (endpoints.error ? [] : null);
  const deletion = useConfirmedDelete<WebhookEndpoint>({
    remove: async (endpoint) => {
      await deleteEndpoint(endpoint.id);
      notify("success", t`Webhooks`, t`Webhook removed`);
    },
    onError: notifyError,
    onSettled: () => void endpoints.reload(),
  });
  const rotate = async (endpoint: WebhookEndpoint) => {
    try {
      const rotated = await rotateEndpointSecret(endpoint.id, endpoint.version);
      onShowOnce({ title: t`New signing secret`, value: rotated.secret });
      await endpoints.reload();
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: ListColumn<WebhookEndpoint>[] = [
    {
      id: "url",
      header: t`URL`,
      rowHeader: true,
      cell: (row) => <span className={styles.url}>{row.url}</span>,
    },
    {
      id: "events",
      header: t`Events`,
      cell: (row) => row.events.map((event) => i18n._(EVENT_LABELS[event])).join(", "),
    },
    {
      id: "state",
      header: t`State`,
      cell: (row) =>
        row.failing_since ? (
          <span className={`${styles.state} ${styles.failed}`}>
            {t`Failing since ${formatDateTime(row.failing_since)}`}
          </span>
        ) : row.active ? (
          <span className={`${styles.state} ${styles.delivered}`}>{t`Active`}</span>
        ) : (
          <span className={styles.state}>{t`Paused`}</span>
        ),
    },
    {
      id: "actions",
      header: t`Actions`,
      action: true,
      cell: (row) => (
        <div className={styles.actions}>
          <RowAction
            icon="tasks"
            label={t`Deliveries of ${row.url}`}
            onPress={() => setLogOf(row)}
          />
          <RowAction icon="edit" label={t`Change ${row.url}`} onPress={() => setEditing(row)} />
          <RowAction
            icon="clock"
            label={t`New secret for ${row.url}`}
            onPress={() => void rotate(row)}
          />
          <RowAction
            icon="trash"
            danger
            label={t`Remove ${row.url}`}
            onPress={() => deletion.ask(row)}
          />
        </div>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby="webhooks-title">
      <div className={styles.header}>
        <h2 id="webhooks-title" className={styles.subtitle}>
          <Trans>Webhooks</Trans>
        </h2>
        <Button onPress={() => setEditing("new")}>
          <Trans>Add webhook</Trans>
        </Button>
      </div>
      <p className={styles.hint}>
        <Trans>
          Other systems hear of changes at once: each event is posted to the endpoint, signed the
          Standard Webhooks way, and retried for three days until it is answered.
        </Trans>
      </p>
      {rows === null ? (
        <LoadingIndicator />
      ) : rows.length === 0 ? (
        <EmptyState message={<Trans>No webhooks yet</Trans>} />
      ) : (
        <ListTable rows={rows} columns={columns} rowKey={(row) => row.id} caption={t`Webhooks`} />
      )}
      {editing !== null ? (
        <WebhookDialog
          endpoint={editing === "new" ? null : editing}
          isOpen
          onClose={() => setEditing(null)}
          onSaved={(_saved, secret) => {
            setEditing(null);
            notify("success", t`Webhooks`, t`Saved`);
            if (secret) onShowOnce({ title: t`Signing secret`, value: secret });
            void endpoints.reload();
          }}
        />
      ) : null}
      <DeliveriesDialog endpoint={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        message={t`Remove this webhook and its delivery log?`}
        detail={deletion.target?.url ?? null}
        {...deletion.dialog}
      />
    </section>
  );
}
