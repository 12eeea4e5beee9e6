/**
 * Critical lines list (/critical-lines, spec 02 section 2): columns of the spec, date
 * shortcuts tomorrow, next week, next month and from now (from now is the first choice),
 * filters and page in the URL, delete after confirmation, pager of 10. Kiosk roles get the
 * wall: no filters, no actions, no pager (the rotation pages through `data-page-count`).
 * Rows come from the Dexie mirror (kept by the change feed), so a wall keeps them offline.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { useEffect, useRef } from "react";
import type { CriticalLine } from "../../../shared/contract/critical-lines";
import { quickFilterRange } from "../../../shared/date-filters";
import { isKioskUser } from "../../../shared/roles";
import { notify, notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { removeCriticalLine } from "../../offline/critical-lines-mirror";
import { useMirroredList } from "../../offline/use-mirrored-list";
import { buttonClass } from "../../ui/button";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { EmptyState } from "../../ui/list/empty-state";
import { ListHeader } from "../../ui/list/list-header";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { pageCountOf } from "../../ui/list/page-window";
import { Pager } from "../../ui/list/pager";
import { useConfirmedDelete } from "../../ui/list/use-confirmed-delete";
import { useRowsThatFit } from "../../ui/list/use-rows-that-fit";
import { useUrlFilters } from "../../ui/list/use-url-filters";
import pageStyles from "../../ui/page.module.css";
import { useDeviceLayout } from "../../ui/use-device-layout";
import { deleteCriticalLine } from "./api";
import { CriticalLineCards } from "./critical-line-cards";
import styles from "./critical-lines.module.css";
import { CriticalLinesFilters } from "./critical-lines-filters";
import { CriticalLinesSearch } from "./critical-lines-search";
import { CRITICAL_LINES_PAGE_SIZE, criticalLinesSourceOf } from "./critical-lines-source";
import { CriticalLinesTable } from "./critical-lines-table";

export function CriticalLinesPage() {
  const { t } = useLingui();
  const session = useSession();
  const companyId = session.company?.id ?? null;
  const isKiosk = isKioskUser(session.roles);
  const layout = useDeviceLayout({ isKiosk, isForkLift: false });
  const canAdd = !isKiosk && session.can("addCL");
  const canEdit = !isKiosk && session.can("editCL");
  const canDelete = !isKiosk && session.can("deleteCL");
  const canFilter = !isKiosk && session.can("seeFilters");

  const { filters, page, replaceFilters, setPage } = useUrlFilters(CriticalLinesSearch);
  // from_now is the first choice (spec section 2): a visit without dates starts on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (isKiosk || filters.date_after || filters.date_before) return;
    const range = quickFilterRange("from_now", DateTime.local());
    replaceFilters({ ...filters, date_after: range.after });
  }, []);

  // A kiosk wall's page holds the rows its screen shows whole (as the lines walls).
  const wallRef = useRef<HTMLElement>(null);
  const pageSize = useRowsThatFit(wallRef, isKiosk && layout === "kiosk", CRITICAL_LINES_PAGE_SIZE);
  const list = useMirroredList(criticalLinesSourceOf(pageSize), companyId, filters, page);
  const pageCount = pageCountOf(list.count, pageSize);
  const deletion = useConfirmedDelete<CriticalLine>({
    remove: async (line) => {
      await deleteCriticalLine(line.id, line.version);
      await removeCriticalLine(line.id);
      notify("success", t`Critical lines`, t`Critical line ${line.line} deleted`);
    },
    onError: (error) => {
      console.error("Deleting the critical line failed", error);
      notifyError(error);
    },
    onSettled: () => void list.reload(),
  });

  return (
    <section
      ref={wallRef}
      className={pageStyles.page}
      aria-labelledby="critical-lines-title"
      data-presentation={layout}
      data-page={page}
      data-page-count={pageCount}
      data-empty={list.isLoading ? "loading" : String(list.count === 0)}
    >
      <ListHeader
        titleId="critical-lines-title"
        title={<Trans>Critical lines</Trans>}
        list={list}
        action={
          canAdd ? (
            <Link
              to="/critical-line/{-$id}"
              params={{ id: undefined }}
              className={buttonClass("primary")}
            >
              <Trans>Add critical line</Trans>
            </Link>
          ) : null
        }
      />
      {canFilter ? (
        <div className={styles.filters}>
          <CriticalLinesFilters filters={filters} onChange={replaceFilters} />
        </div>
      ) : null}

      {list.isLoading && list.rows.length === 0 ? (
        <LoadingIndicator />
      ) : list.rows.length === 0 ? (
        <EmptyState message={<Trans>No critical lines found</Trans>} />
      ) : (
        <>
          {layout === "cards" ? (
            <CriticalLineCards
              rows={list.rows}
              canEdit={canEdit}
              canDelete={canDelete}
              onDelete={deletion.ask}
            />
          ) : (
            <CriticalLinesTable
              rows={list.rows}
              canEdit={canEdit}
              canDelete={canDelete}
              isKiosk={isKiosk}
              onDelete={deletion.ask}
            />
          )}
          <p className={styles.summary} data-list-summary>
            <Trans>
              <Plural value={list.count} one="# critical line" other="# critical lines" />, page{" "}
              {page} of {pageCount}
            </Trans>
          </p>
        </>
      )}

      {isKiosk ? null : <Pager page={page} pageCount={pageCount} onPageChange={setPage} />}

      <ConfirmDialog
        message={t`Are you sure you want to DELETE the line?`}
        detail={deletion.target ? `${deletion.target.line} · ${deletion.target.product}` : null}
        {...deletion.dialog}
      />
    </section>
  );
}
