import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { DATE_DISPLAY_FORMAT } from "../../../shared/constants";
import type { DwellLine } from "../../../shared/contract/bi";
import { Button } from "../../ui/button";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import styles from "./bi.module.css";
import { type BiQuery, detailLink, exportName } from "./chart-data";
import { decimalSeparator, downloadCsv, toCsv } from "./csv";
import { type CsvHeader, csvHeaders } from "./csv-headers";
import { DETAIL_TABLE } from "./detail-table";

const shown = (iso: string) => DateTime.fromISO(iso).toFormat(DATE_DISPLAY_FORMAT);

const CSV_COLUMNS: readonly CsvHeader[] = [
  "id",
  "type",
  "code",
  "client",
  "carrier",
  "plate",
  "arrival_date",
  "departure_date",
  "dwell_minutes",
];

/** The lines behind one carrier's or truck's dwell, longest first, each linking to its line. */
export function DwellLines({
  query,
  title,
  lines,
}: {
  query: BiQuery;
  title: string;
  lines: readonly DwellLine[];
}) {
  const { t, i18n } = useLingui();
  const columns: ListColumn<DwellLine>[] = [
    {
      id: "line",
      header: t`Line`,
      cell: (row) => (
        <Link to={detailLink("lines", row)} className={styles.link}>
          {`${row.type === 1 ? t`Expedition` : t`Reception`} ${row.code || "--"}`}
        </Link>
      ),
    },
    { id: "client", header: t`Client`, cell: (row) => row.client ?? "--" },
    {
      id: "plate",
      header: t`Plate`,
      className: styles.mono,
      cell: (row) => row.truck?.plate ?? "--",
    },
    {
      id: "arrival",
      header: t`Arrival`,
      className: styles.number,
      cell: (row) => shown(row.arrival_date),
    },
    {
      id: "departure",
      header: t`Departure`,
      className: styles.number,
      cell: (row) => shown(row.departure_date),
    },
    {
      id: "dwell",
      header: t`Dwell (min)`,
      className: styles.number,
      cell: (row) => row.dwell_minutes,
    },
  ];
  const exportLines = () =>
    downloadCsv(
      exportName({ ...query, metric: "lines" }, "dwell_lines", "csv"),
      toCsv(
        csvHeaders(i18n, CSV_COLUMNS),
        lines.map((row) => [
          row.id,
          row.type,
          row.code,
          row.client,
          row.carrier,
          row.truck?.plate,
          row.arrival_date,
          row.departure_date,
          row.dwell_minutes,
        ]),
        decimalSeparator(i18n.locales ?? i18n.locale),
      ),
    );
  return (
    <>
      <ListTable
        rows={lines}
        columns={columns}
        rowKey={(row) => row.id}
        caption={title}
        {...DETAIL_TABLE}
      />
      <div className={styles.exports}>
        <Button variant="secondary" onPress={exportLines}>
          <Trans>Download dwell lines (CSV)</Trans>
        </Button>
      </div>
    </>
  );
}
