import { msg } from "@lingui/core/macro";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { ShipmentType } from "../../../shared/contract/status";
import { FIELD_LABELS } from "../../lib/error-messages";
import { type LabelTable, pickLabels } from "../../lib/labels";

/**
 * Column layouts of the expeditions and receptions lists (spec section 2), as data. Layouts are
 * written for expeditions; receptions derive from them (discharge instead of loading, origin
 * instead of destination, an urgent column, no route plate or pallet notes).
 */
export type ColumnId =
  | "urgent"
  | "booked_date"
  | "booked_time"
  | "loading_date"
  | "loading_time"
  | "discharge_date"
  | "discharge_time"
  | "delivery_note"
  | "route_plate"
  | "shared_id"
  | "client"
  | "destination"
  | "origin"
  | "c_notes"
  | "k_notes"
  | "road"
  | "packages"
  | "pallet_notes"
  | "truck"
  | "virtual_truck"
  | "info_shipper"
  | "arrival_date"
  | "arrival_time"
  | "status"
  | "reason"
  | "actions";

export type LayoutName = "default" | "mex" | "forkLift" | "kiosk";

/**
 * Header of each column: a column that shows an API field is called as the forms and error
 * texts call that field. The mx catalog renames Client -> SKU and Delivery note -> Folio.
 */
export const COLUMN_LABELS: LabelTable<ColumnId> = {
  ...pickLabels(FIELD_LABELS, [
    "urgent",
    "booked_date",
    "delivery_note",
    "route_plate",
    "shared_id",
    "client",
    "destination",
    "origin",
    "road",
    "packages",
    "pallet_notes",
    "info_shipper",
    "arrival_date",
    "status",
    "reason",
  ]),
  c_notes: msg`Client notes`,
  k_notes: msg`Company notes`,
  booked_time: msg`Booked time`,
  loading_date: msg`Loading date`,
  loading_time: msg`Loading time`,
  discharge_date: msg`Discharge date`,
  discharge_time: msg`Discharge time`,
  truck: msg`Truck`,
  virtual_truck: msg`Virtual truck`,
  arrival_time: msg`Arrival time`,
  actions: msg`Actions`,
};

/** Expedition layouts (non-trw). */
export const EXPEDITION_LAYOUTS: Record<LayoutName, readonly ColumnId[]> = {
  default: [
    "booked_date",
    "booked_time",
    "loading_date",
    "loading_time",
    "delivery_note",
    "client",
    "destination",
    "c_notes",
    "k_notes",
    "road",
    "packages",
    "truck",
    "arrival_date",
    "arrival_time",
    "status",
    "reason",
    "actions",
  ],
  mex: [
    "delivery_note",
    "client",
    "booked_date",
    "booked_time",
    "loading_date",
    "loading_time",
    "destination",
    "packages",
    "road",
    "truck",
    "arrival_date",
    "arrival_time",
    "status",
    "reason",
    "c_notes",
    "k_notes",
    "actions",
  ],
  forkLift: [
    "road",
    "delivery_note",
    "client",
    "booked_date",
    "booked_time",
    "loading_date",
    "loading_time",
    "packages",
    "truck",
    "arrival_date",
    "arrival_time",
    "status",
    "reason",
    "c_notes",
    "k_notes",
    "destination",
    "actions",
  ],
  // A wall read from five metres: today's lines only (no dates), large type, every column on
  // screen at 1280 and 1920 px wide (nobody scrolls a wall), so only what a yard looks up.
  kiosk: [
    "booked_time",
    "delivery_note",
    "client",
    "destination",
    "road",
    "truck",
    "status",
    "reason",
  ],
};

/**
 * Kiosk wall column widths, as shares of the screen (the wall's table has a fixed layout: it
 * never grows wider than the screen). Text columns that wrap get the most.
 */
export const KIOSK_COLUMN_SHARES: Partial<Record<ColumnId, number>> = {
  urgent: 6,
  booked_time: 8,
  delivery_note: 15,
  client: 15,
  destination: 13,
  origin: 13,
  road: 8,
  truck: 11,
  status: 16,
  reason: 17,
};

/** Wall columns cut with an ellipsis when narrow (shipments.module.css): they give way first. */
const KIOSK_ELASTIC: ReadonlySet<ColumnId> = new Set(["client", "destination", "origin", "reason"]);

/**
 * Each wall column's width in percent (columns without a share get an average one). With
 * `statusWidth` (percent, the longest status name measured in the language, issue 26) the
 * status column gets that, taken from the columns cut with an ellipsis (names, reason), so
 * delivery notes, times and plates keep their width and stay on one line.
 */
export function kioskWidths(
  columns: readonly ColumnId[],
  statusWidth?: number | null,
): Map<ColumnId, number> {
  const shareOf = (id: ColumnId) => KIOSK_COLUMN_SHARES[id] ?? 10;
  const total = columns.reduce((sum, id) => sum + shareOf(id), 0);
  const even = new Map(columns.map((id) => [id, (shareOf(id) / total) * 100]));
  const elastic = columns.filter((id) => KIOSK_ELASTIC.has(id));
  if (!statusWidth || !columns.includes("status") || elastic.length === 0) return even;
  const elasticShares = elastic.reduce((sum, id) => sum + shareOf(id), 0);
  const elasticRoom = elastic.reduce((sum, id) => sum + (even.get(id) ?? 0), 0);
  const statusRoom = even.get("status") ?? 0;
  // What the status needs beyond its share comes out of the elastic columns (each keeps 4%).
  const grow = Math.min(statusWidth - statusRoom, elasticRoom - 4 * elastic.length);
  if (grow <= 0) return even;
  const widths = new Map(even);
  widths.set("status", statusRoom + grow);
  for (const id of elastic) {
    widths.set(id, (even.get(id) ?? 0) - (grow * shareOf(id)) / elasticShares);
  }
  return widths;
}

/** Trw companies: columns inserted after an anchor column (in this order). */
const TRW_INSERTS: readonly (readonly [anchor: ColumnId, added: readonly ColumnId[]])[] = [
  ["delivery_note", ["route_plate", "shared_id"]],
  ["packages", ["pallet_notes"]],
  ["truck", ["virtual_truck", "info_shipper"]],
];

/** Expedition columns a reception never has. */
const NOT_IN_RECEPTIONS: ReadonlySet<ColumnId> = new Set(["route_plate", "pallet_notes"]);

const RECEPTION_RENAMES: Partial<Record<ColumnId, ColumnId>> = {
  loading_date: "discharge_date",
  loading_time: "discharge_time",
  destination: "origin",
};

export interface LayoutInput {
  type: ShipmentType;
  isTrw: boolean;
  /** Company code (bw: no reason column). */
  companyCode: string | null | undefined;
  userType: "default" | "mexico";
  /** hasRestriction("isForkLift"). */
  isForkLift: boolean;
  /** hasRestriction("isKiosk") or a kiosk role: no actions column. */
  isKiosk: boolean;
}

/** Which named layout applies: kiosk, then fork-lift, then mex (user type mexico), then default. */
export function layoutNameFor(input: Pick<LayoutInput, "isKiosk" | "isForkLift" | "userType">) {
  if (input.isKiosk) return "kiosk" as const;
  if (input.isForkLift) return "forkLift" as const;
  if (input.userType === "mexico") return "mex" as const;
  return "default" as const;
}

/** The ordered column ids of the list for this user, company and shipment type. */
export function layoutFor(input: LayoutInput): ColumnId[] {
  const name = layoutNameFor(input);
  let columns: ColumnId[] = [...EXPEDITION_LAYOUTS[name]];
  // The kiosk wall has no room for the trw extras.
  if (input.isTrw && name !== "kiosk") {
    for (const [anchor, added] of TRW_INSERTS) {
      const at = columns.indexOf(anchor);
      if (at >= 0) columns.splice(at + 1, 0, ...added);
    }
  }
  if (input.companyCode === "bw") columns = columns.filter((id) => id !== "reason");
  if (input.type === SHIPMENT_TYPE.reception) {
    columns = columns
      .filter((id) => !NOT_IN_RECEPTIONS.has(id))
      .map((id) => RECEPTION_RENAMES[id] ?? id);
    columns.unshift("urgent");
  }
  return columns;
}

/**
 * The line card (tablets, phones, fork-lift drivers) drawn from the same column list: the
 * delivery note as its title, the facts a driver checks before acting, the status and reason
 * controls together, then every other column of the layout as small details, in layout order.
 */
export interface CardLayout {
  facts: ColumnId[];
  controls: ColumnId[];
  details: ColumnId[];
  hasActions: boolean;
  hasUrgent: boolean;
}

const CARD_FACTS: readonly ColumnId[] = ["client", "road", "booked_time", "truck"];
const CARD_CONTROLS: readonly ColumnId[] = ["status", "reason"];
const CARD_ELSEWHERE: ReadonlySet<ColumnId> = new Set([
  ...CARD_FACTS,
  ...CARD_CONTROLS,
  "delivery_note",
  "urgent",
  "actions",
]);

export function cardLayout(columns: readonly ColumnId[]): CardLayout {
  return {
    facts: CARD_FACTS.filter((id) => columns.includes(id)),
    controls: CARD_CONTROLS.filter((id) => columns.includes(id)),
    details: columns.filter((id) => !CARD_ELSEWHERE.has(id)),
    hasActions: columns.includes("actions"),
    hasUrgent: columns.includes("urgent"),
  };
}
