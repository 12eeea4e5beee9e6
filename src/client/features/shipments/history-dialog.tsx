import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { useState } from "react";
import { DATE_DISPLAY_FORMAT, PAGE_SIZE } from "../../../shared/constants";
import type { HistoryEntry } from "../../../shared/contract/shipments";
import { REASONS, statusById } from "../../../shared/contract/status";
import { BW } from "../../../shared/status-rules";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { fieldLabel } from "../../lib/error-messages";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/list/empty-state";
import { type ListColumn, presentColumns } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { pageCountOf } from "../../ui/list/page-window";
import { Pager } from "../../ui/list/pager";
import { Modal } from "../../ui/modal";
import { reasonLabel, statusLabel } from "../../ui/shipment-labels";
import { listHistory } from "./api";
import styles from "./form/shipment-form.module.css";

export interface HistoryDialogProps {
  isOpen: boolean;
  onClose: () => void;
  shipmentId: number;
  code: string;
  companyCode: string | null;
}

/**
 * A recorded value as people read it: statuses and reasons by name, dates DD/MM/YYYY HH:mm,
 * yes/no, "—" for nothing.
 */
function useValueText() {
  const { t, i18n } = useLingui();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return "—";
    if (field === "status" && typeof value === "number") {
      const status = statusById(value);
      return status ? statusLabel(status.description, i18n) : String(value);
    }
    if (field === "reason" && typeof value === "string") {
      const reason = REASONS.find((candidate) => candidate.code === value);
      return reason ? reasonLabel(reason, i18n) : value;
    }
    if (typeof value === "boolean") return value ? t`Yes` : t`No`;
    if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
      const date = DateTime.fromISO(value);
      if (date.isValid) return date.toFormat(DATE_DISPLAY_FORMAT);
    }
    return String(value);
  };
}

/** Date, user, status, reason (not for bw) and the modified fields of each entry. */
function useHistoryColumns(showReason: boolean): ListColumn<HistoryEntry>[] {
  const { t, i18n } = useLingui();
  const valueText = useValueText();
  return presentColumns<HistoryEntry, string>([
    {
      id: "created",
      header: t`Date`,
      className: styles.nowrap,
      cell: (entry) => DateTime.fromISO(entry.created).toFormat(DATE_DISPLAY_FORMAT),
    },
    {
      id: "user",
      header: t`User`,
      cell: (entry) =>
        entry.user
          ? `${entry.user.first_name} ${entry.user.last_name}`.trim() || entry.user.username
          : t`Unknown user`,
    },
    {
      id: "status",
      header: t`Status`,
      cell: (entry) => {
        return entry.status ? statusLabel(entry.status.description, i18n) : "—";
      },
    },
    showReason && {
      id: "reason",
      header: t`Reason`,
      cell: (entry) => {
        return entry.reason ? reasonLabel(entry.reason, i18n) : "—";
      },
    },
    {
      id: "modified_fields",
      header: t`Modified fields`,
      cell: (entry) => {
        const fields = Object.entries(entry.modified_fields);
        return fields.length === 0 ? (
          <Trans>No changes</Trans>
        ) : (
          <ul className={styles.changes}>
            {fields.map(([field, change]) => (
              <li key={field}>
                <strong>{fieldLabel(field, i18n)}</strong>: {valueText(field, change.old)} →{" "}
                {valueText(field, change.new)}
              </li>
            ))}
          </ul>
        );
      },
    },
  ]);
}

/**
 * History dialog (spec "History dialog"): title History + code; date, user, status, reason
 * (not for bw) and the modified fields as field / old / new, or "no changes"; paged by 10 on
 * the device, the pager only with more than one page; unknown_user for a deleted user.
 */
export function HistoryDialog({
  isOpen,
  onClose,
  shipmentId,
  code,
  companyCode,
}: HistoryDialogProps) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const showReason = companyCode !== BW;

  const history = useRemoteData(
    isOpen ? String(shipmentId) : null,
    (signal) => listHistory(shipmentId, signal),
    {
      onData: () => setPage(1),
      onError: (error) => console.error("Loading the history failed", error),
    },
  );
  const entries = history.data ?? null;
  const failed = history.error !== null;

  const columns = useHistoryColumns(showReason);
  const size = PAGE_SIZE.lists;
  const shown = entries?.slice((page - 1) * size, page * size) ?? [];
  return (
    <Modal
      title={`${t`History`} ${code}`}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      size="wide"
    >
      <div className={styles.historyBody}>
        {entries === null && !failed ? <LoadingIndicator /> : null}
        {failed ? (
          <p role="alert">
            <Trans>The history could not be loaded. Check the connection and try again.</Trans>
          </p>
        ) : null}
        {entries?.length === 0 ? <EmptyState message={t`No changes recorded yet`} /> : null}
        {shown.length > 0 ? (
          <ListTable
            rows={shown}
            columns={columns}
            rowKey={(entry) => entry.id}
            wrapClassName={null}
          />
        ) : null}
        <Pager
          page={page}
          pageCount={pageCountOf(entries?.length ?? 0, size)}
          onPageChange={setPage}
        />
      </div>
      <div className={styles.modalActions}>
        <Button variant="secondary" onPress={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </Modal>
  );
}
