import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { DwellRow, Scorecard } from "../../../shared/contract/bi";
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
  const [dwell, setDwell] = useState<DwellRow[] | null>(null);
  const [card, setCard] = useState<Scorecard | null>(null);
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
        onToleranceSaved={() => void fetchScorecard(query).then(setCard, notifyError)}
      />
    </section>
  );
}
