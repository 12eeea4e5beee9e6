import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import {
  PING_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "../../../shared/contract/webhooks";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { formatDateTime } from "../../lib/format-date-time";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/list/empty-state";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { pageCountOf } from "../../ui/list/page-window";
import { Pager } from "../../ui/list/pager";
import { RowAction } from "../../ui/list/row-action";
import { Modal } from "../../ui/modal";
import { DELIVERIES_PAGE_SIZE, listDeliveries, pingEndpoint, resendDelivery } from "./api";
import styles from "./integrations.module.css";
import { EVENT_LABELS, PING_LABEL, STATE_LABELS } from "./labels";

const REFRESH_MS = 3000;

/** An endpoint's delivery log (refreshed every 3 s), with "send again" and a test ping. */
export function DeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const log = useRemoteData(
    endpoint ? `${endpoint.id}|${page}` : null,
    (signal) => listDeliveries(endpoint?.id ?? 0, page, signal),
    { refreshMs: REFRESH_MS, keepPrevious: true, onError: notifyError },
  );
  const rows = log.data?.results ?? (log.error ? [] : null);

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notify("success", t`Webhooks`, done);
      await log.reload();
    } catch (error) {
      notifyError(error);
    }
  };
  const eventName = (type: string) =>
    type === PING_EVENT
      ? i18n._(PING_LABEL)
      : type in EVENT_LABELS
        ? i18n._(EVENT_LABELS[type as keyof typeof EVENT_LABELS])
        : type;

  const columns: ListColumn<WebhookDelivery>[] = [
    { id: "time", header: t`Time`, mono: true, cell: (row) => formatDateTime(row.created_at) },
    { id: "event", header: t`Event`, rowHeader: true, cell: (row) => eventName(row.event_type) },
    {
      id: "state",
      header: t`State`,
      cell: (row) => (
        <span className={`${styles.state} ${styles[row.state]}`}>
          {i18n._(STATE_LABELS[row.state])}
        </span>
      ),
    },
    { id: "attempts", header: t`Attempts`, numeric: true, cell: (row) => row.attempts },
    {
      id: "response",
      header: t`Answer`,
      mono: true,
      cell: (row) =>
        row.response_status === null && row.response_body === null
          ? ""
          : `${row.response_status ?? "—"} · ${row.response_ms ?? 0} ms`,
    },
    {
      id: "body",
      header: t`Sent`,
      cell: (row) => (
        <details>
          <summary>{t`Body`}</summary>
          <pre className={styles.body}>{JSON.stringify(row.payload, null, 2)}</pre>
          {row.response_body ? <pre className={styles.body}>{row.response_body}</pre> : null}
        </details>
      ),
    },
    {
      id: "actions",
      header: t`Actions`,
      action: true,
      cell: (row) => (
        <RowAction
          icon="upload"
          label={t`Send again`}
          onPress={() =>
            void act(() => resendDelivery(endpoint?.id ?? 0, row.id), t`Queued to send again`)
          }
        />
      ),
    },
  ];

  return (
    <Modal
      title={t`Deliveries of ${endpoint?.url ?? ""}`}
      isOpen={endpoint !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="wide"
    >
      <div className={styles.header}>
        <Button
          variant="secondary"
          onPress={() => void act(() => pingEndpoint(endpoint?.id ?? 0), t`Test ping queued`)}
        >
          <Trans>Send test ping</Trans>
        </Button>
      </div>
      {rows === null ? (
        <LoadingIndicator />
      ) : rows.length === 0 ? (
        <EmptyState message={<Trans>Nothing sent yet</Trans>} />
      ) : (
        <ListTable rows={rows} columns={columns} rowKey={(row) => row.id} caption={t`Deliveries`} />
      )}
      <Pager
        page={page}
        pageCount={pageCountOf(log.data?.count ?? 0, DELIVERIES_PAGE_SIZE)}
        onPageChange={setPage}
      />
      <div className={styles.dialogActions}>
        <Button variant="secondary" onPress={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </Modal>
  );
}
