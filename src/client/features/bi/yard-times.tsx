import { Trans } from "@lingui/react/macro";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { fetchDwell, fetchScorecard } from "./api";
import styles from "./bi.module.css";
import type { BiQuery } from "./chart-data";
import { DwellBreakdown } from "./dwell-breakdown";
import { DwellPerDay } from "./dwell-per-day";
import { CarrierScorecard } from "./scorecard";

/**
 * Yard times for the BI dates (issue 16, beyond the spec), below the chart: dwell per arrival
 * day (dwell-per-day.tsx), per carrier or truck with their lines (dwell-breakdown.tsx), and the
 * carrier on-time scorecard (scorecard.tsx), whose tolerance admins set beside it.
 */
export function YardTimes({ query }: { query: BiQuery }) {
  const mayChangeSettings = useSession().roles.includes("admin");
  const answer = useRemoteData(
    JSON.stringify(query),
    (signal) => Promise.all([fetchDwell(query, signal), fetchScorecard(query, signal)]),
    { keepPrevious: true, onError: notifyError },
  );
  const [dwell, card] = answer.data ?? [null, null];
  return (
    <section className={styles.yardTimes} aria-labelledby="yard-times-title">
      <h2 id="yard-times-title" className={styles.chartTitle}>
        <Trans>Yard times and carriers</Trans>
      </h2>
      <DwellPerDay query={query} rows={dwell} />
      <DwellBreakdown query={query} />
      <CarrierScorecard
        query={query}
        card={card}
        mayChangeSettings={mayChangeSettings}
        onToleranceSaved={() => void answer.reload()}
      />
    </section>
  );
}
