import type { ChangeWindow } from "../../../shared/change-window";
import type { Changes } from "../../../shared/contract/changes";
import type { CriticalLineRow } from "../../db/schema/critical-lines";
import type { ShipperRow } from "../../db/schema/shippers";
import { presentCriticalLine } from "../critical-lines/presenter";
import type { ShipmentView } from "../lines/repository";
import { presentShipment } from "../shipments/presenter";
import { presentShipper } from "../trucks/presenter";
import type { ChangeEntry } from "./repository";

export interface ChangesPage {
  cursor: string;
  more: boolean;
  full: boolean;
  window: ChangeWindow;
  /** The changes handed out, in feed order. */
  entries: readonly ChangeEntry[];
  shippers: readonly ShipperRow[];
  shipments: readonly ShipmentView[];
  criticalLines?: readonly CriticalLineRow[];
  now: Date;
}

/** Rows in feed order, deletions as ids. A row that went between the two reads is left out. */
export function presentChanges(page: ChangesPage): Changes {
  const shippers = new Map(page.shippers.map((row) => [row.id, row]));
  const shipments = new Map(page.shipments.map((view) => [view.shipment.id, view]));
  const lines = new Map((page.criticalLines ?? []).map((row) => [row.id, row]));
  const answer: Changes = {
    cursor: page.cursor,
    more: page.more,
    full: page.full,
    window: {
      from: new Date(page.window.from).toISOString(),
      until: new Date(page.window.until).toISOString(),
    },
    shippers: [],
    shipments: [],
    deleted: { shippers: [], shipments: [] },
  };
  const lineRows: NonNullable<Changes["critical_lines"]> = [];
  const goneLines: number[] = [];
  for (const entry of page.entries) {
    if (entry.entity === "critical_line") {
      const row = lines.get(entry.id);
      if (entry.deleted) goneLines.push(entry.id);
      else if (row) lineRows.push(presentCriticalLine(row));
    } else if (entry.entity === "shipper") {
      const row = shippers.get(entry.id);
      if (entry.deleted) answer.deleted.shippers.push(entry.id);
      else if (row) answer.shippers.push(presentShipper(row));
    } else {
      const view = shipments.get(entry.id);
      if (entry.deleted) answer.deleted.shipments.push(entry.id);
      else if (view) answer.shipments.push(presentShipment(view, page.now));
    }
  }
  // Only callers who may read critical lines get the members (seeCriticalLines).
  if (page.criticalLines) {
    answer.critical_lines = lineRows;
    // Left out when empty, so the deletions of a feed without critical lines read as before.
    if (goneLines.length > 0) answer.deleted.critical_lines = goneLines;
  }
  return answer;
}
