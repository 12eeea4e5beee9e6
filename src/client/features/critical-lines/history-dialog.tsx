import { Trans, useLingui } from "@lingui/react/macro";
import type { CriticalLineHistoryEntry } from "../../../shared/contract/critical-lines";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notifyError } from "../../lib/notices";
import { ListTable } from "../../ui/list/list-table";
import styles from "../../ui/list/list-table.module.css";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { Modal } from "../../ui/modal";
import { criticalLineHistory } from "./api";
import { formatDateTime } from "./format";

const NO_ENTRIES: CriticalLineHistoryEntry[] = [];

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** Who changed which fields of a critical line, newest first (seeHistory). */
export function CriticalLineHistoryDialog({
  lineId,
  label,
  onClose,
}: {
  lineId: number;
  label: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const history = useRemoteData(String(lineId), () => criticalLineHistory(lineId), {
    onError: notifyError,
  });
  const entries = history.data ?? (history.error ? NO_ENTRIES : null);
  return (
    <Modal
      title={t`History ${label}`}
      isOpen
      onOpenChange={(open) => (open ? null : onClose())}
      size="wide"
    >
      {entries === null ? (
        <LoadingIndicator />
      ) : (
        <ListTable
          rows={entries}
          rowKey={(entry) => entry.id}
          columns={[
            {
              id: "created",
              header: t`Date`,
              className: styles.nowrap,
              cell: (entry) => formatDateTime(entry.created),
            },
            {
              id: "user",
              header: t`User`,
              cell: (entry) => (entry.user ? entry.user.username : t`Unknown user`),
            },
            {
              id: "modified_fields",
              header: t`Changed fields`,
              cell: (entry) =>
                Object.entries(entry.modified_fields).map(([field, change]) => (
                  <div key={field}>
                    <strong>{field}</strong>: {text(change.old)} → {text(change.new)}
                  </div>
                )),
            },
          ]}
        />
      )}
    </Modal>
  );
}
