/**
 * Trucks list (/trucks, spec section 2).
 *
 * Props (all optional; the route passes none): overrides of what the page otherwise reads
 * from the session, the runtime configuration and the notices module.
 * - `companyId`: company whose trucks are listed and mirrored (session company).
 * - `canAdd`: "Add truck" link (addTruck). `canEdit`: delete column and SMS (editTruck).
 * - `canFilter`: the filter bar (seeFilters). `smsEnabled`: phone column and SMS buttons
 *   (config.smsEnabled).
 * - `isKiosk`: a wall display (kiosk roles): a read-only list, no filters, no add,
 *   detail, delete or SMS; the rotation pages through it (`data-page`, `data-page-count`).
 * - `onError(error)`: a delete or SMS failure, after it is logged (default: ERROR notice).
 * - `onSuccess(message)`: a success notice (default: notices module).
 *
 * The list is one column definition (truck-columns.tsx): the table on desktops, the wall on
 * kiosks (fitted to the screen), cards on tablets and phones (useDeviceLayout).
 *
 * Filters and page live in the URL (TrucksSearch, the route's validateSearch). Rows come from
 * the Dexie mirror: cached at once, refreshed from the API every 60 s, filtered and paged on
 * the device while offline (with the "Offline, updated hh:mm" marker).
 */

import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { PAGE_SIZE } from "../../../shared/constants";
import type { Shipper } from "../../../shared/contract/trucks";
import { isKioskUser } from "../../../shared/roles";
import { getConfig } from "../../lib/config";
import { notify, notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { formatPhone, sendSms, smsFailureOf } from "../../lib/sms";
import { removeTruck } from "../../offline/trucks-mirror";
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
import { SMS_COOLDOWN_MS, SmsDialog } from "../../ui/sms-dialog";
import { useDeviceLayout } from "../../ui/use-device-layout";
import { deleteTruck } from "./api";
import { TruckCards } from "./truck-cards";
import styles from "./trucks.module.css";
import { TrucksFilters } from "./trucks-filters";
import { TrucksSearch } from "./trucks-search";
import { trucksSourceOf } from "./trucks-source";
import { TrucksTable } from "./trucks-table";

export interface TrucksPageProps {
  companyId?: number;
  canAdd?: boolean;
  canEdit?: boolean;
  canFilter?: boolean;
  smsEnabled?: boolean;
  isKiosk?: boolean;
  onError?: (error: unknown) => void;
  onSuccess?: (message: string) => void;
}

export function TrucksPage(props: TrucksPageProps) {
  const { t } = useLingui();
  const session = useSession();
  const companyId = props.companyId ?? session.company?.id ?? null;
  // Kiosk roles only: read-only roles also carry the isKiosk restriction but keep their pager.
  const isKiosk = props.isKiosk ?? isKioskUser(session.roles);
  // Nothing to press on a wall: the list only.
  const canAdd = !isKiosk && (props.canAdd ?? session.can("addTruck"));
  const canEdit = !isKiosk && (props.canEdit ?? session.can("editTruck"));
  const canFilter = !isKiosk && (props.canFilter ?? session.can("seeFilters"));
  const smsEnabled = props.smsEnabled ?? getConfig().smsEnabled;
  const onError = props.onError ?? notifyError;
  // The desk table on desktops, the wall on kiosks, cards on tablets and phones.
  const layout = useDeviceLayout({ isKiosk, isForkLift: false });
  const onSuccess = props.onSuccess ?? ((message: string) => notify("success", t`Trucks`, message));

  const { filters, page, replaceFilters, setPage } = useUrlFilters(TrucksSearch);
  // A kiosk wall's page holds the rows its screen shows whole (as the lines walls).
  const wallRef = useRef<HTMLElement>(null);
  const pageSize = useRowsThatFit(wallRef, isKiosk && layout === "kiosk", PAGE_SIZE.trucks);
  const list = useMirroredList(trucksSourceOf(pageSize), companyId, filters, page);
  const pageCount = pageCountOf(list.count, pageSize);

  const [smsTruck, setSmsTruck] = useState<Shipper | null>(null);
  const [smsCooldown, setSmsCooldown] = useState<Record<number, number>>({});
  const deletion = useConfirmedDelete<Shipper>({
    remove: async (truck) => {
      await deleteTruck(truck.id);
      await removeTruck(truck.id);
    },
    onError: (error) => {
      // Spec section 8: a failed delete is logged (and shown as a notice here).
      console.error("Deleting the truck failed", error);
      onError(error);
    },
    onSettled: () => void list.reload(),
  });

  const listOptions = {
    showPhone: smsEnabled,
    canSendSms: smsEnabled && canEdit,
    canDelete: canEdit,
    showDetail: !isKiosk,
    onDelete: deletion.ask,
    onSms: setSmsTruck,
  };

  return (
    <section
      ref={wallRef}
      className={pageStyles.page}
      aria-labelledby="trucks-title"
      data-presentation={layout}
      data-page={page}
      data-page-count={pageCount}
      data-empty={list.isLoading ? "loading" : String(list.count === 0)}
    >
      <ListHeader
        titleId="trucks-title"
        title={<Trans>Trucks</Trans>}
        list={list}
        action={
          canAdd ? (
            <Link to="/truck/{-$id}" params={{ id: undefined }} className={buttonClass("primary")}>
              <Trans>Add truck</Trans>
            </Link>
          ) : null
        }
      />

      {canFilter ? (
        <div className={styles.filters}>
          <TrucksFilters filters={filters} onChange={replaceFilters} />
        </div>
      ) : null}

      {list.isLoading && list.rows.length === 0 ? (
        <LoadingIndicator />
      ) : list.rows.length === 0 ? (
        <EmptyState message={<Trans>No trucks found</Trans>} />
      ) : (
        <>
          {layout === "cards" ? (
            <TruckCards rows={list.rows} {...listOptions} />
          ) : (
            <TrucksTable rows={list.rows} wall={layout === "kiosk"} {...listOptions} />
          )}
          <p className={styles.summary} data-list-summary>
            <Trans>
              <Plural value={list.count} one="# truck" other="# trucks" />, page {page} of{" "}
              {pageCount}
            </Trans>
          </p>
        </>
      )}

      {isKiosk ? null : <Pager page={page} pageCount={pageCount} onPageChange={setPage} />}

      <ConfirmDialog
        message={t`Are you sure you want to DELETE the truck?`}
        detail={
          deletion.target ? (
            <>
              <span className={styles.mono}>{deletion.target.plate}</span> · {deletion.target.name}
            </>
          ) : null
        }
        {...deletion.dialog}
      />
      <SmsDialog
        truck={smsTruck ? { ...smsTruck, phoneLabel: formatPhone(smsTruck.phone) } : null}
        send={sendSms}
        failureOf={smsFailureOf}
        cooldownUntil={smsTruck ? (smsCooldown[smsTruck.id] ?? 0) : 0}
        onAttempt={(truck) =>
          setSmsCooldown((current) => ({ ...current, [truck.id]: Date.now() + SMS_COOLDOWN_MS }))
        }
        onSent={() => {
          setSmsTruck(null);
          onSuccess(t`Message sent successfully`);
        }}
        onError={onError}
        onClose={() => setSmsTruck(null)}
      />
    </section>
  );
}
