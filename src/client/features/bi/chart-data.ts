import type { I18n } from "@lingui/core";
import { DateTime } from "luxon";
import type {
  IncidenceDetail,
  IncidenceMetricRow,
  LineDetail,
  LineMetricRow,
  Metric,
  MetricType,
  TruckDetail,
  TruckMetricRow,
} from "../../../shared/contract/bi";
import { NO_REASON } from "../../../shared/contract/bi";
import type { CsvValue } from "./csv";
import { csvHeaders as headers } from "./csv-headers";

/** What the BI form asks for (spec section 2, "BI screen"). */
export interface BiQuery {
  metric: Metric;
  type: MetricType;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/** Which rows a bar or slice stands for: one day, or one incidence status and reason. */
export type DetailKey =
  | { kind: "day"; day: string }
  | { kind: "incidence"; status: number; reason: string | null };

export interface ChartDatum {
  /** Unique within the chart. */
  id: string;
  label: string;
  value: number;
  color: string | undefined;
  detail: DetailKey;
}

export type MetricRows =
  | { metric: "trucks"; rows: TruckMetricRow[] }
  | { metric: "lines"; rows: LineMetricRow[] }
  | { metric: "incidences"; rows: IncidenceMetricRow[] };

export type DetailRows =
  | { metric: "trucks"; rows: TruckDetail[] }
  | { metric: "lines"; rows: LineDetail[] }
  | { metric: "incidences"; rows: IncidenceDetail[] };

/** Days from..to; longer ranges than this are drawn with their non-empty days only. */
const MAX_FILLED_DAYS = 400;

function everyDay(from: string, to: string): string[] | null {
  const start = DateTime.fromISO(from, { zone: "utc" });
  const end = DateTime.fromISO(to, { zone: "utc" });
  const count = Math.floor(end.diff(start, "days").days) + 1;
  if (!start.isValid || !end.isValid || count < 1 || count > MAX_FILLED_DAYS) return null;
  return Array.from({ length: count }, (_, index) => start.plus({ days: index }).toISODate() ?? "");
}

/** The label of an incidence slice: status and reason names, already translated. */
export type IncidenceLabel = (row: IncidenceMetricRow) => string;

/**
 * The bars or slices of an answer. Day metrics get every day of the range (zero included) for
 * bars; a pie shows only the days with a value (a zero slice cannot be seen or clicked).
 */
export function chartData(
  answer: MetricRows,
  query: Pick<BiQuery, "from" | "to">,
  options: { forPie: boolean; incidenceLabel: IncidenceLabel },
): ChartDatum[] {
  if (answer.metric === "incidences") {
    return answer.rows.map((row) => {
      const reason = row.reason?.code ?? null;
      return {
        id: `${row.status.id}:${reason ?? NO_REASON}`,
        label: options.incidenceLabel(row),
        value: row.value,
        color: row.status.color,
        detail: { kind: "incidence", status: row.status.id, reason },
      };
    });
  }
  const values = new Map<string, number>(
    answer.metric === "trucks"
      ? answer.rows.map((row) => [row.register_date, row.value])
      : answer.rows.map((row) => [row.booked_date, row.value]),
  );
  const days = options.forPie ? null : everyDay(query.from, query.to);
  const shown = days ?? [...values.keys()];
  return shown
    .map((day) => ({
      id: day,
      label: day,
      value: values.get(day) ?? 0,
      color: undefined,
      detail: { kind: "day", day } as const,
    }))
    .filter((datum) => !options.forPie || datum.value > 0);
}

const TYPE_NAMES: Record<MetricType, string> = { 0: "both", 1: "expeditions", 2: "receptions" };

/** File name of an export: metric, type (not for trucks) and dates (spec section 9). */
export function exportName(query: BiQuery, suffix: string, extension: "csv" | "pdf"): string {
  const type = query.metric === "trucks" ? [] : [TYPE_NAMES[query.type]];
  const parts = ["bi", query.metric, ...type, query.from, query.to];
  return `${[...parts, suffix].filter(Boolean).join("_")}.${extension}`;
}

/** The raw chart as a table: its header and rows (the CSV and the screen-reader table). */
export function rawChart(answer: MetricRows, i18n: I18n): { header: string[]; rows: CsvValue[][] } {
  switch (answer.metric) {
    case "trucks":
      return {
        header: headers(i18n, ["register_date", "value"]),
        rows: answer.rows.map((row) => [row.register_date, row.value]),
      };
    case "lines":
      return {
        header: headers(i18n, ["booked_date", "value"]),
        rows: answer.rows.map((row) => [row.booked_date, row.value]),
      };
    case "incidences":
      return {
        header: headers(i18n, ["status", "reason_code", "reason", "value"]),
        rows: answer.rows.map((row) => [
          row.status.description,
          row.reason?.code,
          row.reason?.name,
          row.value,
        ]),
      };
  }
}

/** The detail rows as a table, for the CSV. */
export function rawDetail(
  detail: DetailRows,
  i18n: I18n,
): { header: string[]; rows: CsvValue[][] } {
  switch (detail.metric) {
    case "trucks":
      return {
        header: headers(i18n, ["id", "name", "plate", "register_date"]),
        rows: detail.rows.map((row) => [row.id, row.name, row.plate, row.register_date]),
      };
    case "lines":
      return {
        header: headers(i18n, [
          "id",
          "type",
          "code",
          "booked_date",
          "client",
          "truck",
          "status",
          "reason",
        ]),
        rows: detail.rows.map((row) => [
          row.id,
          row.type,
          row.code,
          row.booked_date,
          row.client,
          row.truck,
          row.status.description,
          row.reason?.code,
        ]),
      };
    case "incidences":
      return {
        header: headers(i18n, ["shipment", "type", "code", "status", "reason", "created"]),
        rows: detail.rows.map((row) => [
          row.shipment.id,
          row.shipment.type,
          row.shipment.code,
          row.status.description,
          row.reason?.code,
          row.created,
        ]),
      };
  }
}

/**
 * Where a detail row leads (spec: /expedition/{id} or /reception/{id}; an incidence by its
 * shipment, to the expedition when the status is 4; trucks to their truck page).
 */
export function detailLink(
  metric: Metric,
  row: { id: number; type?: number; statusId?: number },
): string {
  if (metric === "trucks") return `/truck/${row.id}`;
  if (row.statusId === 4 || row.type === 1) return `/expedition/${row.id}`;
  return `/reception/${row.id}`;
}

/**
 * The bars whose label the x axis shows: every bar while the labels fit side by side, else
 * every n-th (the first always), so 30 days on a desktop never run into each other (issue 26).
 * `labelWidth` is the room one label needs along the axis, in the same unit as `axisWidth`.
 */
export function thinTicks<T>(bars: readonly T[], axisWidth: number, labelWidth: number): T[] {
  const fit = Math.max(1, Math.floor(axisWidth / Math.max(1, labelWidth)));
  const step = Math.ceil(bars.length / fit);
  return bars.filter((_, index) => index % step === 0);
}
