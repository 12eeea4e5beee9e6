import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { DwellRow, Scorecard, ScorecardRow } from "../../../shared/contract/bi";
import { notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { Button } from "../../ui/button";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { useSortState } from "../../ui/list/use-sort-state";
import { fetchDwell, fetchScorecard } from "./api";
import styles from "./bi.module.css";
import { type BiQuery, exportName } from "./chart-data";
import { downloadCsv, toCsv } from "./csv";
import { DETAIL_TABLE } from "./detail-table";
import { DwellBreakdown } from "./dwell-breakdown";
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

/**
 * Yard times for the BI dates (issue 16, beyond the spec): dwell per arrival day (median and
 * p90), per carrier or truck with their lines, and the carrier on-time scorecard, sortable
 * tables that export as CSV. Admins (who change company settings) set the on-time tolerance
 * beside the scorecard.
 */
export function YardTimes({ query }: { query: BiQuery }) {
  const { t } = useLingui();
  const mayChangeSettings = useSession().roles.includes("admin");
  const [dwell, setDwell] = useState<DwellRow[] | null>(null);
  const [card, setCard] = useState<Scorecard | null>(null);
  const [sort, handleSort] = useSortState<SortKey>({ key: "lines", ascending: false }, ["carrier"]);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([fetchDwell(query, controller.signal), fetchScorecard(query, controller.signal)])
      .then(([days, scorecard]) => {
        setDwell(days);
        setCard(scorecard);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) notifyError(error);
      });
    return () => controller.abort();
  }, [query]);
  const names: Record<SortKey, string> = {
    carrier: t`Carrier`,
    lines: t`Lines`,
    arrivals: t`Arrivals`,
    on_time: t`On time`,
    on_time_rate: t`On time %`,
    incidences: t`Incidences`,
    median_dwell_minutes: t`Median dwell (min)`,
  };
  const cardColumns = COLUMNS.map(
    (key): ListColumn<ScorecardRow, SortKey> => ({
      id: key,
      header: names[key],
      sortable: true,
      className: key === "carrier" ? undefined : styles.number,
      cell: (row) => (key === "carrier" ? row.carrier : shown(row[key] as number | null)),
    }),
  );
  const number = styles.number;
  const dayColumns: ListColumn<DwellRow>[] = [
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
  const rows = card ? sortRows(card.results, sort.key, sort.ascending) : [];
  const query0 = { ...query, metric: "lines" as const };
  const exportDwell = () =>
    downloadCsv(
      exportName(query0, "dwell", "csv"),
      toCsv(
        ["arrival_date", "lines", "median_minutes", "p90_minutes"],
        (dwell ?? []).map((row) => [
          row.arrival_date,
          row.lines,
          row.median_minutes,
          row.p90_minutes,
        ]),
      ),
    );
  const exportCard = () =>
    downloadCsv(
      exportName(query0, "scorecard", "csv"),
      toCsv(
        COLUMNS,
        rows.map((row) => COLUMNS.map((key) => row[key])),
      ),
    );
  return (
    <section className={styles.yardTimes} aria-labelledby="yard-times-title">
      <h2 id="yard-times-title" className={styles.chartTitle}>
        <Trans>Yard times and carriers</Trans>
      </h2>
      <ListTable
        rows={dwell ?? []}
        columns={dayColumns}
        rowKey={(row) => row.arrival_date}
        caption={t`Dwell per arrival day`}
        {...DETAIL_TABLE}
      />
      <div className={styles.exports}>
        <Button variant="secondary" onPress={exportDwell} isDisabled={!dwell}>
          <Trans>Download dwell (CSV)</Trans>
        </Button>
      </div>
      <DwellBreakdown query={query} />
      {mayChangeSettings && card ? (
        <ToleranceForm
          current={card.tolerance_minutes}
          onSaved={() => fetchScorecard(query).then(setCard, notifyError)}
        />
      ) : null}
      <ListTable
        rows={rows}
        columns={cardColumns}
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
    </section>
  );
}
