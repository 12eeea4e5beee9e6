/**
 * Expeditions list (/expeditions) and receptions list (/receptions), spec sections 2 and 4.
 *
 * Props: `type` (1 expeditions, 2 receptions); the rest are optional overrides of what the page
 * otherwise reads from the session and the notices module (tests):
 * - `companyId`, `companyCode`, `isTrw`: the session company.
 * - `canAdd`, `canDelete`, `canFilter`, `canEditStatus`, `canEditReasons`: addExp/addRecep,
 *   deleteExp/deleteRecep, seeFilters, editStatus, editReasons. `userClients`: session clients.
 * - `onError(error)`: a delete failure, after it is logged (default: ERROR notice).
 * Status and reason changes are local-first commands (commands.ts): the replayer sends them, and
 * a refusal reverts the row and is reported by the sync engine ("Error saving", sync issues).
 *
 * Filters and page live in the URL (ShipmentsSearch). Rows come from the Dexie mirror: cached at
 * once, refreshed from the API every 60 s, filtered and paged on the device while offline.
 *
 * One list, three presentations from one column layout (`presentation`, by default chosen by
 * useDeviceLayout): the desktop table (delivery note column sticky), line cards for tablets,
 * phones and fork-lift drivers (search box, filters behind a button), and the kiosk wall.
 * The section carries `data-page` and `data-page-count` (the kiosk rotation pages through
 * today's lines with the URL's `page`) and `data-presentation`.
 */

import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useMemo, useRef } from "react";
import { PAGE_SIZE, SHIPMENT_TYPE } from "../../../shared/constants";
import type { Shipment } from "../../../shared/contract/shipments";
import {
  type ShipmentType,
  STATUSES,
  type StatusDefinition,
} from "../../../shared/contract/status";
import type { QuickFilter } from "../../../shared/date-filters";
import { isKioskUser } from "../../../shared/roles";
import { BW, statusesFor } from "../../../shared/status-rules";
import { getConfig } from "../../lib/config";
import { useMirrorQuery } from "../../lib/data-hooks/use-mirror-query";
import { notify, notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { idsWithPendingChanges } from "../../offline/outbox";
import {
  mirroredClients,
  putShipment,
  type ShipmentListFilters,
} from "../../offline/shipments-mirror";
import { currentAuthor } from "../../offline/sync-engine";
import { useMirroredList } from "../../offline/use-mirrored-list";
import { buttonClass } from "../../ui/button";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { EmptyState } from "../../ui/list/empty-state";
import { ListHeader } from "../../ui/list/list-header";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { pageCountOf } from "../../ui/list/page-window";
import { Pager } from "../../ui/list/pager";
import { useStoredDateFilter } from "../../ui/list/stored-date-filter";
import { useConfirmedDelete } from "../../ui/list/use-confirmed-delete";
import { useRowsThatFit } from "../../ui/list/use-rows-that-fit";
import { useUrlFilters } from "../../ui/list/use-url-filters";
import pageStyles from "../../ui/page.module.css";
import { type DeviceLayout, useDeviceLayout } from "../../ui/use-device-layout";
import { layoutFor } from "./columns";
import { changeReason, changeStatus, statusCommand } from "./commands";
import { deleteShipmentOnlineFirst, deletingShipmentIds } from "./form-commands";
import { LineSmsDialog } from "./line-sms-dialog";
import { ShipmentCards } from "./shipment-cards";
import styles from "./shipments.module.css";
import { ShipmentsFilters } from "./shipments-filters";
import { ShipmentsSearch } from "./shipments-search";
import { shipmentsSource } from "./shipments-source";
import { ShipmentsTable } from "./shipments-table";
import { ShipmentsToolbar } from "./shipments-toolbar";
import { useLineSms } from "./use-line-sms";
import { NEXT_DUE, useNextDuePage } from "./use-next-due-page";
import { useWallStatusWidth } from "./use-wall-status-width";

export interface ShipmentsPageProps {
  type: ShipmentType;
  companyId?: number;
  companyCode?: string | null;
  isTrw?: boolean;
  canAdd?: boolean;
  canDelete?: boolean;
  canFilter?: boolean;
  canEditStatus?: boolean;
  canEditReasons?: boolean;
  /** Clients the user is limited to (session clients). */
  userClients?: readonly number[];
  onError?: (error: unknown) => void;
  /**
   * The scheduling feature's Lockdowns button, which the receptions route passes in (features
   * import no other feature); shown to trw users with the lockdowns permission, never on a kiosk.
   */
  lockdownsButton?: ReactNode;
  /** Table, line cards or kiosk wall; by default from the device and role (tests set it). */
  presentation?: DeviceLayout;
}

const BASE_QUICK: readonly QuickFilter[] = ["yesterday", "today", "tomorrow"];
const TRW_QUICK: readonly QuickFilter[] = [...BASE_QUICK, "next_week"];
const EMPTY_IDS: ReadonlySet<number> = new Set();

/** Statuses of the type as the company offers them (kl's issued rule, bw's order). */
export function statusChoices(
  type: ShipmentType,
  companyCode: string | null,
  showIssued: boolean,
): StatusDefinition[] {
  return statusesFor(
    STATUSES.filter((status) => status.type === type),
    { companyCode, showIssued },
  );
}

/**
 * The filters the list asks for: a user limited to some clients filters by them unless they
 * chose some of them. Exported for tests.
 */
export function effectiveFilters(
  filters: ShipmentListFilters,
  userClients: readonly number[],
): ShipmentListFilters {
  if (userClients.length === 0) return filters;
  const chosen = filters.client?.filter((id) => userClients.includes(id)) ?? [];
  return { ...filters, client: chosen.length > 0 ? chosen : [...userClients] };
}

export function ShipmentsPage(props: ShipmentsPageProps) {
  const { type } = props;
  const isExpedition = type === SHIPMENT_TYPE.expedition;
  const { t, i18n } = useLingui();
  const session = useSession();
  const companyId = props.companyId ?? session.company?.id ?? null;
  const companyCode = props.companyCode ?? session.company?.code ?? null;
  const isTrw = props.isTrw ?? session.company?.is_trw ?? false;
  const onError = props.onError ?? notifyError;

  const canAdd = props.canAdd ?? session.can(isExpedition ? "addExp" : "addRecep");
  const canDelete = props.canDelete ?? session.can(isExpedition ? "deleteExp" : "deleteRecep");
  const canFilter = props.canFilter ?? session.can("seeFilters");
  const canEditStatus = props.canEditStatus ?? session.can("editStatus");
  const canEditReasons = props.canEditReasons ?? session.can("editReasons");
  const isKiosk = session.hasRestriction("isKiosk") || isKioskUser(session.roles);
  const isForkLift = session.hasRestriction("isForkLift");
  const userClients = props.userClients ?? session.clients;
  const deviceLayout = useDeviceLayout({ isKiosk, isForkLift });
  const presentation = props.presentation ?? deviceLayout;

  const columns = useMemo(
    () => layoutFor({ type, isTrw, companyCode, userType: session.userType, isForkLift, isKiosk }),
    [type, isTrw, companyCode, session.userType, isForkLift, isKiosk],
  );

  const { filters, page, replaceFilters, setFilters, setPage } = useUrlFilters(ShipmentsSearch);
  // The bw company keeps its selected date filter on the device (spec section 4).
  useStoredDateFilter(
    companyCode === "bw" && companyId !== null,
    `${companyId}:${isExpedition ? "expeditions" : "receptions"}`,
    { after: filters.booked_date_after, before: filters.booked_date_before },
    (range) => setFilters({ booked_date_after: range.after, booked_date_before: range.before }),
  );
  const listFilters = useMemo(() => {
    const { due: _due, ...kept } = filters;
    return effectiveFilters(kept as ShipmentListFilters, userClients);
  }, [filters, userClients]);
  // A kiosk wall's page holds the rows its screen shows whole, its page count in view too.
  const wallRef = useRef<HTMLElement>(null);
  const pageSize = useRowsThatFit(wallRef, presentation === "kiosk", PAGE_SIZE.lists);
  const source = shipmentsSource(type, companyCode, pageSize);
  const list = useMirroredList(source, companyId, listFilters, page);
  const pageCount = pageCountOf(list.count, pageSize);
  const wallStatusWidth = useWallStatusWidth(wallRef, presentation === "kiosk", type);
  const findingNextDue = useNextDuePage({
    enabled: filters.due === NEXT_DUE,
    type,
    companyId,
    companyCode,
    filters: listFilters,
    pageSize,
    rows: list.rows,
  });

  const showIssued = filters.show_issued ?? false;
  const statuses = useMemo(
    () => statusChoices(type, companyCode, showIssued),
    [type, companyCode, showIssued],
  );

  const seenClients = useMirrorQuery(
    () => (companyId === null ? [] : mirroredClients(companyId, type)),
    [companyId, type],
  );
  const clientChoices = useMemo(() => {
    const seen = seenClients ?? [];
    if (userClients.length === 0) return seen;
    const names = new Map(seen.map((client) => [client.id, client.description]));
    return userClients.map((id) => ({ id, description: names.get(id) ?? `#${id}` }));
  }, [seenClients, userClients]);
  const baseline = useMemo<ShipmentListFilters>(
    () => (userClients.length > 0 ? { client: [...userClients] } : {}),
    [userClients],
  );

  const deletion = useConfirmedDelete<Shipment>({
    remove: async (line) => {
      const author = currentAuthor();
      if (!author) throw new Error("No session to delete with");
      // Online-first: a refusal is shown now; offline the delete waits in the outbox.
      const result = await deleteShipmentOnlineFirst(line, author);
      if (result.kind === "refused") throw result.error;
      if (result.kind === "queued") {
        notify(
          "info",
          isExpedition ? t`Expeditions` : t`Receptions`,
          t`Saved on this device: it is sent when the network is back`,
        );
      }
    },
    onError: (error) => {
      // Spec section 8: a failed delete is logged (and shown as a notice here).
      console.error("Deleting the line failed", error);
      onError(error);
    },
    onSettled: () => void list.reload(),
  });

  // A line whose delete waits in the outbox is hidden until the server answers.
  const deleting = useMirrorQuery(() => deletingShipmentIds(), []);
  const rows = useMemo(
    () => (deleting?.size ? list.rows.filter((row) => !deleting.has(row.id)) : list.rows),
    [list.rows, deleting],
  );
  // Lines with changes still waiting for the server show as saving (also after a reload).
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const saving = useMirrorQuery(() => idsWithPendingChanges("shipment", rowIds), [rowIds]);

  const handleStatus = async (row: Shipment, statusId: number) => {
    if (statusId === row.status.id) return;
    // Spec section 4: for bw, attention_req is applied locally only.
    const status = STATUSES.find((item) => item.id === statusId);
    if (companyCode === BW && status?.description === "attention_req") {
      await putShipment(
        { ...row, ...statusCommand(row, statusId, i18n).changes } as Shipment,
        true,
      );
      return;
    }
    await changeStatus(row, statusId, { i18n, setOnlyReason: canEditReasons });
  };

  const handleReason = async (row: Shipment, code: string | null) => {
    if ((row.reason?.code ?? null) === code) return;
    await changeReason(row, code, i18n);
  };

  const titleId = isExpedition ? "expeditions-title" : "receptions-title";
  const editable = !isKiosk && presentation !== "kiosk";
  // SMS to a line's truck (spec 02 section 1): with SMS enabled and the line's edit right.
  const sms = useLineSms();
  const canSms =
    editable && getConfig().smsEnabled && session.can(isExpedition ? "editExp" : "editRecep");
  const lineProps = {
    canDelete,
    onDelete: deletion.ask,
    statusOptions: canEditStatus && editable ? statuses : undefined,
    onStatusChange:
      canEditStatus && editable
        ? (row: Shipment, statusId: number) => void handleStatus(row, statusId)
        : undefined,
    onReasonChange:
      canEditReasons && editable
        ? (row: Shipment, code: string | null) => void handleReason(row, code)
        : undefined,
    saving: saving ?? EMPTY_IDS,
    onSms: canSms ? sms.open : undefined,
    smsLocked: sms.isLocked,
  };

  // Spec: the lockdowns dialog only for trw companies whose user has the lockdowns permission.
  const showLockdowns =
    !isExpedition &&
    props.lockdownsButton !== undefined &&
    session.isTrw &&
    session.can("lockdowns") &&
    presentation !== "kiosk";
  const addAction = canAdd ? (
    isExpedition ? (
      <Link to="/expedition/{-$id}" params={{ id: undefined }} className={buttonClass("primary")}>
        <Trans>Add expedition</Trans>
      </Link>
    ) : (
      <Link to="/reception/{-$id}" params={{ id: undefined }} className={buttonClass("primary")}>
        <Trans>Add reception</Trans>
      </Link>
    )
  ) : null;
  return (
    <section
      ref={wallRef}
      className={pageStyles.page}
      aria-labelledby={titleId}
      data-presentation={presentation}
      data-page={page}
      data-page-count={pageCount}
      data-empty={list.isLoading ? "loading" : String(list.count === 0)}
    >
      <ListHeader
        titleId={titleId}
        title={isExpedition ? <Trans>Expeditions</Trans> : <Trans>Receptions</Trans>}
        list={list}
        action={
          <>
            {showLockdowns ? props.lockdownsButton : null}
            {addAction}
          </>
        }
      />

      {canFilter && presentation !== "kiosk" ? (
        <ShipmentsToolbar
          compact={presentation === "cards"}
          filters={filters}
          onSearch={(search) => setFilters({ search })}
        >
          {(close) => (
            <ShipmentsFilters
              filters={listFilters}
              onChange={(next) => {
                replaceFilters(next);
                close();
              }}
              quickFilters={isTrw ? TRW_QUICK : BASE_QUICK}
              statuses={statuses}
              clients={clientChoices}
              baseline={baseline}
              showOrigin={!isExpedition && session.can("seeOriginFilter")}
              showTrw={isTrw}
              showIssuedToggle={isExpedition && companyCode === "kl"}
            />
          )}
        </ShipmentsToolbar>
      ) : null}

      {findingNextDue || (list.isLoading && rows.length === 0) ? (
        <LoadingIndicator />
      ) : rows.length === 0 ? (
        <EmptyState message={<Trans>No lines found</Trans>} />
      ) : (
        <>
          {presentation === "cards" ? (
            <ShipmentCards rows={rows} columns={columns} {...lineProps} />
          ) : (
            <ShipmentsTable
              rows={rows}
              columns={columns}
              wall={presentation === "kiosk"}
              wallStatusWidth={wallStatusWidth}
              {...lineProps}
            />
          )}
          <p className={styles.summary} data-list-summary>
            <Trans>
              <Plural value={list.count} one="# line" other="# lines" />, page {page} of {pageCount}
            </Trans>
          </p>
        </>
      )}

      {presentation === "kiosk" ? null : (
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} />
      )}

      <LineSmsDialog sms={sms} path={isExpedition ? "expedition" : "reception"} onError={onError} />
      <ConfirmDialog
        message={t`Are you sure you want to DELETE the line?`}
        detail={
          deletion.target ? <span className={styles.mono}>{deletion.target.code}</span> : null
        }
        {...deletion.dialog}
      />
    </section>
  );
}
