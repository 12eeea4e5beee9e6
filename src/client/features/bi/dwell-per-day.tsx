import { Trans, useLingui } from "@lingui/react/macro";
import type { DwellRow } from "../../../shared/contract/bi";
import { Button } from "../../ui/button";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import styles from "./bi.module.css";
import { type BiQuery, exportName } from "./chart-data";
import { decimalSeparator, downloadCsv, toCsv } from "./csv";
import { csvHeaders } from "./csv-headers";
import { DETAIL_TABLE } from "./detail-table";

/**
 * Dwell per arrival day for the BI dates (issue 16): how long trucks stayed in the yard, median
 * and 90th percentile in minutes, with a CSV export. (Per carrier or truck: dwell-breakdown.tsx.)
 */
export function DwellPerDay({ query, rows }: { query: BiQuery; rows: DwellRow[] | null }) {
  const { t, i18n } = useLingui();
  const number = styles.number;
  const columns: ListColumn<DwellRow>[] = [
    {
      id: "arrival_date",
      header: t`Arrival date`,
      className: number,
      cell: (row) => row.arrival_date,
    },
    { id: "lines", header: t`Lines`, className: number, cell: (row) => row.lines },
    {
      id: "median_minutes",
      header: t`Median (min)`,
      className: number,
      cell: (row) => row.median_minutes,
    },
    {
      id: "p90_minutes",
      header: t`90th percentile (min)`,
      className: number,
      cell: (row) => row.p90_minutes,
    },
  ];
  const exportDwell = () =>
    downloadCsv(
      exportName({ ...query, metric: "lines" }, "dwell", "csv"),
      toCsv(
        csvHeaders(i18n, ["arrival_date", "lines", "median_minutes", "p90_minutes"]),
        (rows ?? []).map((row) => [
          row.arrival_date,
          row.lines,
          row.median_minutes,
          row.p90_minutes,
        ]),
        decimalSeparator(i18n.locales ?? i18n.locale),
      ),
    );
  return (
    <>
      <ListTable
        rows={rows ?? []}
        columns={columns}
        rowKey={(row) => row.arrival_date}
        caption={t`Dwell per arrival day`}
        {...DETAIL_TABLE}
      />
      <div className={styles.exports}>
        <Button variant="secondary" onPress={exportDwell} isDisabled={!rows}>
          <Trans>Download dwell (CSV)</Trans>
        </Button>
      </div>
    </>
  );
}
