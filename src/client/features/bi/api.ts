import { z } from "zod";
import {
  type DwellGroup,
  DwellGroupRow,
  DwellLine,
  DwellRow,
  IncidenceDetail,
  IncidenceMetricRow,
  LineDetail,
  LineMetricRow,
  MAX_METRIC_DAYS,
  MetricSettings,
  NO_REASON,
  Scorecard,
  TruckDetail,
  TruckMetricRow,
} from "../../../shared/contract/bi";
import { listOf } from "../../../shared/contract/paging";
import { http } from "../../lib/http";
import type { BiQuery, DetailKey, DetailRows, MetricRows } from "./chart-data";

/** The BI calls (api/metrics/*), every answer parsed with the shared contract. */
export { MAX_METRIC_DAYS };

/** Detail page size of spec section 9. */
export const DETAIL_PAGE_SIZE = 1000;

const params = (query: BiQuery) => ({
  date_start: query.from,
  date_end: query.to,
  type: query.type,
});

export async function fetchMetric(query: BiQuery, signal?: AbortSignal): Promise<MetricRows> {
  const body = await http.get<unknown>(`api/metrics/${query.metric}`, {
    searchParams: params(query),
    signal,
  });
  switch (query.metric) {
    case "trucks":
      return { metric: "trucks", rows: z.array(TruckMetricRow).parse(body) };
    case "lines":
      return { metric: "lines", rows: z.array(LineMetricRow).parse(body) };
    case "incidences":
      return { metric: "incidences", rows: z.array(IncidenceMetricRow).parse(body) };
  }
}

export async function fetchDetail(
  query: BiQuery,
  key: DetailKey,
  signal?: AbortSignal,
): Promise<DetailRows & { count: number }> {
  const searchParams: Record<string, string | number> = {
    ...params(query),
    page_size: DETAIL_PAGE_SIZE,
  };
  if (key.kind === "day") {
    searchParams.date_start = key.day;
    searchParams.date_end = key.day;
  } else {
    searchParams.status = key.status;
    searchParams.reason = key.reason ?? NO_REASON;
  }
  const path = `api/metrics/${query.metric === "trucks" ? "truck" : query.metric === "lines" ? "line" : "incidence"}-details`;
  const body = await http.get<unknown>(path, { searchParams, signal });
  switch (query.metric) {
    case "trucks": {
      const page = listOf(TruckDetail).parse(body);
      return { metric: "trucks", rows: page.results, count: page.count };
    }
    case "lines": {
      const page = listOf(LineDetail).parse(body);
      return { metric: "lines", rows: page.results, count: page.count };
    }
    case "incidences": {
      const page = listOf(IncidenceDetail).parse(body);
      return { metric: "incidences", rows: page.results, count: page.count };
    }
  }
}

export async function fetchDwell(query: BiQuery, signal?: AbortSignal): Promise<DwellRow[]> {
  const body = await http.get<unknown>("api/metrics/dwell", {
    searchParams: params(query),
    signal,
  });
  return z.array(DwellRow).parse(body);
}

export async function fetchScorecard(query: BiQuery, signal?: AbortSignal): Promise<Scorecard> {
  const body = await http.get<unknown>("api/metrics/scorecard", {
    searchParams: params(query),
    signal,
  });
  return Scorecard.parse(body);
}

export async function fetchDwellGroups(
  query: BiQuery,
  by: DwellGroup,
  signal?: AbortSignal,
): Promise<DwellGroupRow[]> {
  const body = await http.get<unknown>("api/metrics/dwell-groups", {
    searchParams: { ...params(query), by },
    signal,
  });
  return z.array(DwellGroupRow).parse(body);
}

/** The lines behind one carrier's or one truck's dwell (the first 1000, longest first). */
export async function fetchDwellLines(
  query: BiQuery,
  row: DwellGroupRow,
  signal?: AbortSignal,
): Promise<{ rows: DwellLine[]; count: number }> {
  const searchParams: Record<string, string | number> = {
    ...params(query),
    page_size: DETAIL_PAGE_SIZE,
  };
  if (row.truck) searchParams.truck = row.truck.id;
  else searchParams.carrier = row.carrier;
  const body = await http.get<unknown>("api/metrics/dwell-lines", { searchParams, signal });
  const page = listOf(DwellLine).parse(body);
  return { rows: page.results, count: page.count };
}

export async function saveMetricSettings(settings: MetricSettings): Promise<MetricSettings> {
  return MetricSettings.parse(await http.put<unknown>("api/metrics/settings", settings));
}
