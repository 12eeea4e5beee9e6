import { useLingui } from "@lingui/react/macro";
import type { Indicator, IndicatorKey } from "../../../shared/contract/indicators";
import styles from "./indicators.module.css";

/** Tile icons (simple strokes, readable from across the yard). */
const ICON_PATHS: Record<IndicatorKey, string> = {
  lines_handled: "M4 6h16M4 12h16M4 18h10",
  on_time_rate: "M12 7v5l3 3M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z",
  incidences: "M12 3l10 18H2L12 3zM12 10v5M12 18v.5",
  average_dwell: "M6 3h12M6 21h12M7 3c0 5 10 7 10 12v6M17 3c0 5-10 7-10 12v6",
  trucks_served: "M2 7h11v9H2zM13 10h5l3 3v3h-8zM6 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1",
};

export type Trend = "good" | "bad" | "flat" | "none";

/** Which way the figure moved, judged by whether higher is better for it. */
export function trendOf(indicator: Indicator): Trend {
  if (indicator.growth === null) return "none";
  if (indicator.growth === 0) return "flat";
  return indicator.growth > 0 === indicator.type.higher_is_better ? "good" : "bad";
}

/** What the growth line says: a percent, a plain difference, or which figure is missing. */
export function growthKind(
  indicator: Indicator,
): "percent" | "difference" | "no_previous" | "no_current" {
  if (indicator.grade_growth !== null) return "percent";
  if (indicator.growth !== null) return "difference";
  return indicator.previous === null ? "no_previous" : "no_current";
}

export function IndicatorTile({
  indicator,
  previousLabel,
}: {
  indicator: Indicator;
  previousLabel: string;
}) {
  const { t, i18n } = useLingui();
  const titles: Record<IndicatorKey, string> = {
    lines_handled: t`Lines handled`,
    on_time_rate: t`On-time arrivals`,
    incidences: t`Incidences`,
    average_dwell: t`Average dwell`,
    trucks_served: t`Trucks served`,
  };
  const number = (value: number, digits = 0) =>
    i18n.number(value, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  const format = (value: number | null) => {
    if (value === null) return "--";
    if (indicator.type.unit === "percent") return `${number(value, 1)} %`;
    if (indicator.type.unit === "minutes") return `${number(value)} min`;
    return number(value);
  };
  const trend = trendOf(indicator);
  const growth = indicator.growth ?? 0;
  const arrow = trend === "none" ? "" : growth > 0 ? "▲" : growth < 0 ? "▼" : "=";
  const sign = growth > 0 ? "+" : "";
  const changes = {
    percent: `${sign}${number(indicator.grade_growth ?? 0, 1)} %`,
    difference: `${sign}${format(indicator.growth)}`,
    no_previous: t`no previous figure`,
    no_current: t`no figure this period`,
  };
  const change = changes[growthKind(indicator)];
  const trendText =
    trend === "good"
      ? t`better`
      : trend === "bad"
        ? t`worse`
        : trend === "flat"
          ? t`unchanged`
          : "";
  return (
    <article className={styles.tile} data-trend={trend} aria-label={titles[indicator.type.key]}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <path d={ICON_PATHS[indicator.type.key]} />
      </svg>
      <h2 className={styles.tileTitle}>{titles[indicator.type.key]}</h2>
      <p className={styles.value}>{format(indicator.value)}</p>
      <p className={styles.growth}>
        {arrow ? (
          <span className={styles.arrow} aria-hidden="true">
            {arrow}
          </span>
        ) : null}
        <span>
          {change} {trendText ? <span className={styles.trendText}>({trendText})</span> : null}
        </span>
        <span className={styles.previous}>
          {previousLabel}: {format(indicator.previous)}
        </span>
      </p>
    </article>
  );
}
