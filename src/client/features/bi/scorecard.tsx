import { Trans, useLingui } from "@lingui/react/macro";
import type { Scorecard, ScorecardRow } from "../../../shared/contract/bi";
import { Button } from "../../ui/button";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { useSortState } from "../../ui/list/use-sort-state";
import styles from "./bi.module.css";
import { type BiQuery, exportName } from "./chart-data";
import { decimalSeparator, downloadCsv, toCsv } from "./csv";
import { DETAIL_TABLE } from "./detail-table";
import { ToleranceForm } from "./tolerance-form";

type SortKey = keyof ScorecardRow;

const COLUMNS: SortKey[] = [
  "carrier",
  "lines",
  "arrivals",
  "on_time",
  "on_time_rate",
  "incidences",
  "median_dwell_minutes",
];

/** Sorts rows by a column; nulls last whichever the direction. */
export function sortRows(rows: readonly ScorecardRow[], key: SortKey, ascending: boolean) {
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return a.carrier.localeCompare(b.carrier);
    if (x === null) return 1;
    if (y === null) return -1;
    const order =
      typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    return ascending ? order : -order;
  });
}

const shown = (value: number | null) => (value === null ? "--" : String(value));

export interface CarrierScorecardProps {
  query: BiQuery;
  /** The scorecard for the BI dates; null while it loads. */
  card: Scorecard | null;
  /** Admins (who change company settings) set the on-time tolerance beside the scorecard. */
  mayChangeSettings: boolean;
  /** The tolerance was saved: the scorecard is fetched again. */
  onToleranceSaved: () => void;
}

/**
 * The carrier on-time scorecard (issue 16, beyond the spec): per carrier its lines, arrivals,
 * arrivals on time (within the company's tolerance), incidences and median dwell; a sortable
 * table that exports as CSV.
 */
export function CarrierScorecard({
  query,
  card,
  mayChangeSettings,
  onToleranceSaved,
}: CarrierScorecardProps) {
  const { t, i18n } = useLingui();
  const [sort, handleSort] = useSortState<SortKey>({ key: "lines", ascending: false }, ["carrier"]);
  const names: Record<SortKey, string> = {
    carrier: t`Carrier`,
    lines: t`Lines`,
    arrivals: t`Arrivals`,
    on_time: t`On time`,
    on_time_rate: t`On time %`,
    incidences: t`Incidences`,
    median_dwell_minutes: t`Median dwell (min)`,
  };
  const columns = COLUMNS.map(
    (key): ListColumn<ScorecardRow, SortKey> => ({
      id: key,
      header: names[key],
      sortable: true,
      className: key === "carrier" ? undefined : styles.number,
      cell: (row) => (key === "carrier" ? row.carrier : shown(row[key] as number | null)),
    }),
  );
  const rows = card ? sortRows(card.results, sort.key, sort.ascending) : [];
  const exportCard = () =>
    downloadCsv(
      exportName({ ...query, metric: "lines" }, "scorecard", "csv"),
      toCsv(
        COLUMNS,
        rows.map((row) => COLUMNS.map((key) => row[key])),
        decimalSeparator(i18n.locales ?? i18n.locale),
      ),
    );
  return (
    <>
      {mayChangeSettings && card ? (
        <ToleranceForm current={card.tolerance_minutes} onSaved={onToleranceSaved} />
      ) : null}
      <ListTable
        rows={rows}
        columns={columns}
        rowKey={(row) => row.carrier}
        caption={
          card
            ? t`Carrier scorecard (on time: within ${card.tolerance_minutes} min)`
            : t`Carrier scorecard`
        }
        sort={sort}
        onSort={handleSort}
        {...DETAIL_TABLE}
      />
      <div className={styles.exports}>
        <Button variant="secondary" onPress={exportCard} isDisabled={!card}>
          <Trans>Download scorecard (CSV)</Trans>
        </Button>
      </div>
    </>
  );
}
