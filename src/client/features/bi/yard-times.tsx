import { Trans, useLingui } from "@lingui/react/macro";
import type { ScorecardRow } from "../../../shared/contract/bi";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { Button } from "../../ui/button";
import { fetchDwell, fetchScorecard } from "./api";
import styles from "./bi.module.css";
import { type BiQuery, exportName } from "./chart-data";
import { downloadCsv, toCsv } from "./csv";
import { DwellBreakdown } from "./dwell-breakdown";
import { SortableHead, useSortState } from "./sortable-head";
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
  const [sort, handleSort] = useSortState<SortKey>({ key: "lines", ascending: false }, ["carrier"]);
  const answer = useRemoteData(
    JSON.stringify(query),
    (signal) => Promise.all([fetchDwell(query, signal), fetchScorecard(query, signal)]),
    { keepPrevious: true, onError: notifyError },
  );
  const [dwell, card] = answer.data ?? [null, null];
  const names: Record<SortKey, string> = {
    carrier: t`Carrier`,
    lines: t`Lines`,
    arrivals: t`Arrivals`,
    on_time: t`On time`,
    on_time_rate: t`On time %`,
    incidences: t`Incidences`,
    median_dwell_minutes: t`Median dwell (min)`,
  };
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
      <div className={styles.detailWrap}>
        <table className={styles.detail}>
          <caption className={styles.detailTitle}>
            <Trans>Dwell per arrival day</Trans>
          </caption>
          <SortableHead columns={COLUMNS} names={names} sort={sort} onSort={handleSort} />
          <tbody>
            {(dwell ?? []).map((row) => (
              <tr key={row.arrival_date}>
                <td className={styles.number}>{row.arrival_date}</td>
                <td className={styles.number}>{row.lines}</td>
                <td className={styles.number}>{row.median_minutes}</td>
                <td className={styles.number}>{row.p90_minutes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.exports}>
        <Button variant="secondary" onPress={exportDwell} isDisabled={!dwell}>
          <Trans>Download dwell (CSV)</Trans>
        </Button>
      </div>
      <DwellBreakdown query={query} />
      {mayChangeSettings && card ? (
        <ToleranceForm current={card.tolerance_minutes} onSaved={() => void answer.reload()} />
      ) : null}
      <div className={styles.detailWrap}>
        <table className={styles.detail}>
          <caption className={styles.detailTitle}>
            {card
              ? t`Carrier scorecard (on time: within ${card.tolerance_minutes} min)`
              : t`Carrier scorecard`}
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((key) => (
                <th
                  key={key}
                  scope="col"
                  aria-sort={
                    sort.key === key ? (sort.ascending ? "ascending" : "descending") : undefined
                  }
                >
                  <button
                    type="button"
                    className={styles.rowButton}
                    onClick={() => handleSort(key)}
                  >
                    {names[key]}
                    {sort.key === key ? (sort.ascending ? " ▲" : " ▼") : ""}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.carrier}>
                {COLUMNS.map((key) => (
                  <td key={key} className={key === "carrier" ? undefined : styles.number}>
                    {key === "carrier" ? row.carrier : shown(row[key] as number | null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.exports}>
        <Button variant="secondary" onPress={exportCard} isDisabled={!card}>
          <Trans>Download scorecard (CSV)</Trans>
        </Button>
      </div>
    </section>
  );
}
