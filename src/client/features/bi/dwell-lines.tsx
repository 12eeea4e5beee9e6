import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { DATE_DISPLAY_FORMAT } from "../../../shared/constants";
import type { DwellLine } from "../../../shared/contract/bi";
import { Button } from "../../ui/button";
import styles from "./bi.module.css";
import { type BiQuery, detailLink, exportName } from "./chart-data";
import { downloadCsv, toCsv } from "./csv";

const shown = (iso: string) => DateTime.fromISO(iso).toFormat(DATE_DISPLAY_FORMAT);

const CSV_HEADER = [
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
  const { t } = useLingui();
  const exportLines = () =>
    downloadCsv(
      exportName({ ...query, metric: "lines" }, "dwell_lines", "csv"),
      toCsv(
        CSV_HEADER,
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
      ),
    );
  return (
    <>
      <div className={styles.detailWrap}>
        <table className={styles.detail}>
          <caption className={styles.detailTitle}>{title}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Line</Trans>
              </th>
              <th scope="col">
                <Trans>Client</Trans>
              </th>
              <th scope="col">
                <Trans>Plate</Trans>
              </th>
              <th scope="col">
                <Trans>Arrival</Trans>
              </th>
              <th scope="col">
                <Trans>Departure</Trans>
              </th>
              <th scope="col">
                <Trans>Dwell (min)</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={detailLink("lines", row)} className={styles.link}>
                    {`${row.type === 1 ? t`Expedition` : t`Reception`} ${row.code || "--"}`}
                  </Link>
                </td>
                <td>{row.client ?? "--"}</td>
                <td className={styles.mono}>{row.truck?.plate ?? "--"}</td>
                <td className={styles.number}>{shown(row.arrival_date)}</td>
                <td className={styles.number}>{shown(row.departure_date)}</td>
                <td className={styles.number}>{row.dwell_minutes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.exports}>
        <Button variant="secondary" onPress={exportLines}>
          <Trans>Download dwell lines (CSV)</Trans>
        </Button>
      </div>
    </>
  );
}
