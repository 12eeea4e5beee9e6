import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { DATE_DISPLAY_FORMAT } from "../../../shared/constants";
import type { IncidenceDetail, LineDetail, TruckDetail } from "../../../shared/contract/bi";
import { ListTable } from "../../ui/list/list-table";
import { reasonLabel, statusLabel } from "../../ui/shipment-labels";
import styles from "./bi.module.css";
import { type DetailRows, detailLink } from "./chart-data";
import { DETAIL_TABLE } from "./detail-table";

const shown = (iso: string) => DateTime.fromISO(iso).toFormat(DATE_DISPLAY_FORMAT);
const EMPTY = "--";

/** The rows behind the clicked bar or slice, each linking to its line (or truck). */
export function BiDetail({ detail, title }: { detail: DetailRows; title: string }) {
  const { t, i18n } = useLingui();
  const statusText = (description: string) => statusLabel(description, i18n);
  const reasonText = (reason: { code: string; name: string } | null) =>
    reason ? reasonLabel(reason, i18n) : EMPTY;
  const typeText = (type: number) => (type === 1 ? t`Expedition` : t`Reception`);
  const link = (to: string, label: string) => (
    <Link to={to} className={styles.link}>
      {label || EMPTY}
    </Link>
  );
  const table = { caption: title, ...DETAIL_TABLE };
  switch (detail.metric) {
    case "trucks":
      return (
        <ListTable<TruckDetail>
          rows={detail.rows}
          rowKey={(row) => row.id}
          columns={[
            {
              id: "name",
              header: t`Name`,
              cell: (row) => link(detailLink("trucks", row), row.name),
            },
            { id: "plate", header: t`Plate`, className: styles.mono, cell: (row) => row.plate },
            {
              id: "register_date",
              header: t`Register date`,
              className: styles.number,
              cell: (row) => shown(row.register_date),
            },
          ]}
          {...table}
        />
      );
    case "lines":
      return (
        <ListTable<LineDetail>
          rows={detail.rows}
          rowKey={(row) => row.id}
          columns={[
            {
              id: "code",
              header: t`Delivery note`,
              cell: (row) => link(detailLink("lines", row), row.code),
            },
            { id: "type", header: t`Type`, cell: (row) => typeText(row.type) },
            {
              id: "booked_date",
              header: t`Booked date`,
              className: styles.number,
              cell: (row) => shown(row.booked_date),
            },
            { id: "client", header: t`Client`, cell: (row) => row.client ?? EMPTY },
            { id: "truck", header: t`Truck`, cell: (row) => row.truck ?? EMPTY },
            { id: "status", header: t`Status`, cell: (row) => statusText(row.status.description) },
          ]}
          {...table}
        />
      );
    case "incidences":
      return (
        <ListTable<IncidenceDetail>
          rows={detail.rows}
          rowKey={(row) => row.shipment.id}
          columns={[
            {
              id: "code",
              header: t`Delivery note`,
              cell: (row) =>
                link(
                  detailLink("incidences", { ...row.shipment, statusId: row.status.id }),
                  row.shipment.code,
                ),
            },
            { id: "type", header: t`Type`, cell: (row) => typeText(row.shipment.type) },
            { id: "status", header: t`Status`, cell: (row) => statusText(row.status.description) },
            { id: "reason", header: t`Reason`, cell: (row) => reasonText(row.reason) },
            {
              id: "since",
              header: t`Since`,
              className: styles.number,
              cell: (row) => shown(row.created),
            },
          ]}
          {...table}
        />
      );
  }
}
