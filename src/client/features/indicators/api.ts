import {
  Indication,
  type IndicatorArea,
  type IndicatorPeriod,
} from "../../../shared/contract/indicators";
import { http } from "../../lib/http";
import { db } from "../../offline/db";

/** One view of the indicators screen: an area and a period (spec: G/A, G/T, C). */
export interface IndicatorView {
  area: IndicatorArea;
  period: IndicatorPeriod;
}

/** The three views in the order the screen cycles through them (spec section 2). */
export const INDICATOR_VIEWS: readonly IndicatorView[] = [
  { area: "G", period: "A" },
  { area: "G", period: "T" },
  { area: "C", period: "A" },
];

export async function fetchIndication(
  view: IndicatorView,
  signal?: AbortSignal,
): Promise<Indication> {
  const body = await http.get<unknown>("api/indication", {
    headers: { area: view.area, period: view.period },
    signal,
  });
  return Indication.parse(body);
}

/** Last figures of a view, kept in Dexie's meta table for network drops (kiosk walls). */
export interface SavedIndication {
  indication: Indication;
  /** When they were fetched (epoch ms). */
  savedAt: number;
}

const metaKey = (company: string, view: IndicatorView) =>
  `indicators:${company}:${view.area}:${view.period}`;

export async function saveIndication(
  company: string,
  view: IndicatorView,
  saved: SavedIndication,
): Promise<void> {
  await db.meta.put({ key: metaKey(company, view), value: saved });
}

export async function loadIndication(
  company: string,
  view: IndicatorView,
): Promise<SavedIndication | null> {
  const row = await db.meta.get(metaKey(company, view));
  const value = row?.value as Partial<SavedIndication> | undefined;
  const parsed = Indication.safeParse(value?.indication);
  return parsed.success && typeof value?.savedAt === "number"
    ? { indication: parsed.data, savedAt: value.savedAt }
    : null;
}
