import { Trans, useLingui } from "@lingui/react/macro";
import type { CriticalLineHistoryEntry } from "../../../shared/contract/critical-lines";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notifyError } from "../../lib/notices";
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
        <div className={styles.wrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>User</Trans>
                </th>
                <th scope="col">
                  <Trans>Changed fields</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className={styles.nowrap}>{formatDateTime(entry.created)}</td>
                  <td>{entry.user ? entry.user.username : t`Unknown user`}</td>
                  <td>
                    {Object.entries(entry.modified_fields).map(([field, change]) => (
                      <div key={field}>
                        <strong>{field}</strong>: {text(change.old)} → {text(change.new)}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
