import type { CriticalLineRow, ShipmentRow, TruckRow } from "./db";

/**
 * "The server's data changed": open lists decide whether their page must be fetched again.
 * Raised by the live sync after a pull of the change feed (offline/live-sync.ts);
 * use-mirrored-list listens. In-memory, per tab.
 *
 * A report lists each row the pull brought as the mirror held it before and as it is now. A
 * list whose rows only changed in place (same filters matched, same sort key: a status change)
 * needs nothing: its live query re-renders the page from the mirror. A row that entered or left
 * the list's filters, or moved in its order, changes the count or the page's members, which
 * only the server's page can tell: that list fetches its page. `null`: something changed that
 * the feed could not tell (a full run, a failed pull, an event the pull did not explain).
 */
export interface RowChange<Row> {
  id: number;
  /** As mirrored before the pull; absent: not on the device (new, or never listed here). */
  before?: Row;
  /** As the server has it now; absent: deleted. */
  after?: Row;
}

export interface FeedReport {
  shipments: RowChange<ShipmentRow>[];
  shippers: RowChange<TruckRow>[];
  critical_lines: RowChange<CriticalLineRow>[];
}

export const emptyFeedReport = (): FeedReport => ({
  shipments: [],
  shippers: [],
  critical_lines: [],
});

/**
 * Whether `changes` may move a list page whose filters `matches` tests and whose order
 * `compare` gives: a row matched before xor after (the count moves), or matched both times with
 * another sort key (the page's members may move). A row the mirror did not hold may have been
 * counted (a list of last month counts rows the device never saw): it may move the page too, so
 * a creation still reloads every list, as it must for the count.
 */
export function pageMovedBy<Row>(
  changes: readonly RowChange<Row>[],
  matches: (row: Row) => boolean,
  compare: (a: Row, b: Row) => number,
): boolean {
  return changes.some(({ before, after }) => {
    if (before === undefined) return true;
    const was = matches(before);
    const is = after !== undefined && matches(after);
    if (was !== is) return true;
    return is && compare(before, after as Row) !== 0;
  });
}

/** How an event and a report name a row: "entity:id". */
export const changeKey = (entity: string, id: number) => `${entity}:${id}`;

/** "entity:id" of every row a report names. */
function reportedKeys(report: FeedReport): Set<string> {
  const keys = new Set<string>();
  const add = (
    entity: string,
    changes: FeedReport["shipments" | "shippers" | "critical_lines"],
  ) => {
    for (const { id } of changes) keys.add(changeKey(entity, id));
  };
  add("shipment", report.shipments);
  add("shipper", report.shippers);
  add("critical_line", report.critical_lines);
  return keys;
}

/**
 * What open lists are told after a pull (offline/live-sync.ts; the load bench's device too):
 * the report, so a list whose rows only changed in place re-renders from the mirror without a
 * request; `null` (every list
 * fetches its page) after a full run, or when an event named a row that neither this pull nor
 * the one before brought (a row outside the working window, which the feed does not carry) or
 * named none (many rows, or lost notifications); nothing when the pull brought nothing.
 */
export function listNotice(
  result: { full: boolean; report: FeedReport },
  heard: ReadonlySet<string>,
  unknown: boolean,
  explainedBefore: ReadonlySet<string>,
): { notice: FeedReport | null | undefined; explained: Set<string> } {
  const explained = reportedKeys(result.report);
  const unexplained = [...heard].some((key) => !explained.has(key) && !explainedBefore.has(key));
  if (result.full || unknown || unexplained) return { notice: null, explained };
  return { notice: explained.size > 0 ? result.report : undefined, explained };
}

type Listener = (report: FeedReport | null) => void;

const listeners = new Set<Listener>();

export function onListRefresh(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every open list what the feed changed; no report: it cannot tell, every list reloads. */
export function requestListRefresh(report: FeedReport | null = null): void {
  for (const listener of [...listeners]) listener(report);
}
