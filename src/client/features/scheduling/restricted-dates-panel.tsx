import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { type FormEvent, useState } from "react";
import type { RestrictedDate } from "../../../shared/contract/scheduling";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { DateField } from "../../ui/fields/date-field";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { EmptyState } from "../../ui/list/empty-state";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { Pager } from "../../ui/list/pager";
import { useConfirmedDelete } from "../../ui/list/use-confirmed-delete";
import {
  addRestrictedDate,
  deleteRestrictedDate,
  listRestrictedDates,
  RESTRICTED_PAGE_SIZE,
} from "./api";
import styles from "./scheduling.module.css";

export interface RestrictedDatesPanelProps {
  /** Adding and deleting (the lockdowns permission, or the admin's dock settings). */
  canEdit: boolean;
}

/**
 * Restricted dates (lockdowns): days on which nothing is booked. A list of 10 a page with the
 * pager, a date to add, delete after a confirmation ("Deleted" notice, spec section 8).
 */
export function RestrictedDatesPanel({ canEdit }: RestrictedDatesPanelProps) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const [date, setDate] = useState("");
  const [dateError, setDateError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);

  const list = useRemoteData(String(page), () => listRestrictedDates(page), {
    keepPrevious: true,
    onError: notifyError,
  });
  const rows = list.data?.results ?? null;
  const count = list.data?.count ?? 0;
  const failed = list.error !== null;

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!date) {
      setDateError(t`Pick a date`);
      return;
    }
    setAdding(true);
    try {
      await addRestrictedDate(date);
      notify("success", t`Restricted dates`, t`Saved`);
      setDate("");
      await list.reload();
    } catch (error) {
      notifyError(error);
    } finally {
      setAdding(false);
    }
  };

  const deletion = useConfirmedDelete<RestrictedDate>({
    remove: async (row) => {
      await deleteRestrictedDate(row.id);
      notify("success", t`Restricted dates`, t`Deleted`);
      const lastOnPage = rows?.length === 1 && page > 1;
      if (lastOnPage) setPage(page - 1);
      else await list.reload();
    },
    onError: (error) => notifyError(error),
  });

  const show = (day: string) =>
    DateTime.fromISO(day)
      .setLocale(i18n.locale === "mx" ? "es-MX" : i18n.locale)
      .toFormat("cccc dd/LL/yyyy");

  return (
    <div className={styles.restricted}>
      {canEdit ? (
        <form className={styles.addRow} onSubmit={(event) => void add(event)} noValidate>
          <DateField
            label={<Trans>Date to restrict</Trans>}
            value={date}
            onChange={(value) => {
              setDate(value);
              setDateError(undefined);
            }}
            errorMessage={dateError}
          />
          <Button type="submit" pending={adding}>
            <Trans>Restrict date</Trans>
          </Button>
        </form>
      ) : null}
      {rows === null && !failed ? <LoadingIndicator /> : null}
      {failed ? (
        <EmptyState message={<Trans>The restricted dates could not be loaded.</Trans>}>
          <Button variant="secondary" onPress={() => void list.reload()}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : null}
      {rows && rows.length === 0 ? (
        <EmptyState message={<Trans>No restricted dates: every day can be booked.</Trans>} />
      ) : null}
      {rows && rows.length > 0 ? (
        <ul className={styles.restrictedList} aria-label={t`Restricted dates`}>
          {rows.map((row) => (
            <li key={row.id} className={styles.restrictedRow}>
              <span>{show(row.date)}</span>
              {canEdit ? (
                <Button
                  variant="secondary"
                  aria-label={t`Delete ${show(row.date)}`}
                  onPress={() => deletion.ask(row)}
                >
                  <Trans>Delete</Trans>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        page={page}
        pageCount={Math.ceil(count / RESTRICTED_PAGE_SIZE)}
        onPageChange={setPage}
      />
      <ConfirmDialog
        message={t`Are you sure you want to DELETE the line?`}
        detail={deletion.target ? show(deletion.target.date) : null}
        {...deletion.dialog}
      />
    </div>
  );
}
