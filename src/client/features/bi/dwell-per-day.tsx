import { Trans } from "@lingui/react/macro";
import type { DwellRow } from "../../../shared/contract/bi";
import { Button } from "../../ui/button";
import styles from "./bi.module.css";
import { type BiQuery, exportName } from "./chart-data";
import { downloadCsv, toCsv } from "./csv";

/**
 * Dwell per arrival day for the BI dates (issue 16): how long trucks stayed in the yard, median
 * and 90th percentile in minutes, with a CSV export. (Per carrier or truck: dwell-breakdown.tsx.)
 */
export function DwellPerDay({ query, rows }: { query: BiQuery; rows: DwellRow[] | null }) {
  const exportDwell = () =>
    downloadCsv(
      exportName({ ...query, metric: "lines" }, "dwell", "csv"),
      toCsv(
        ["arrival_date", "lines", "median_minutes", "p90_minutes"],
        (rows ?? []).map((row) => [
          row.arrival_date,
          row.lines,
          row.median_minutes,
          row.p90_minutes,
        ]),
      ),
    );
  return (
    <>
      <div className={styles.detailWrap}>
        <table className={styles.detail}>
          <caption className={styles.detailTitle}>
            <Trans>Dwell per arrival day</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Arrival date</Trans>
              </th>
              <th scope="col">
                <Trans>Lines</Trans>
              </th>
              <th scope="col">
                <Trans>Median (min)</Trans>
              </th>
              <th scope="col">
                <Trans>90th percentile (min)</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((row) => (
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
        <Button variant="secondary" onPress={exportDwell} isDisabled={!rows}>
          <Trans>Download dwell (CSV)</Trans>
        </Button>
      </div>
    </>
  );
}
