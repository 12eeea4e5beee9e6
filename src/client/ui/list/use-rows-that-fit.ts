import { type RefObject, useLayoutEffect, useState } from "react";

/** Fewest and most rows a fitted page holds (a tiny window still shows a few). */
export const FIT_MIN_ROWS = 3;
export const FIT_MAX_ROWS = 30;

export interface FitMeasures {
  /** The window's inner height. */
  viewport: number;
  /** Top of the table's first body row, from the top of the window. */
  firstRowTop: number;
  /** The tallest body row. */
  rowHeight: number;
  /** Room needed under the rows: the table's bottom edge, the page count line and margins. */
  below: number;
}

/** How many rows of that height fit between the first row's top and the room kept below. */
export function rowsThatFit({ viewport, firstRowTop, rowHeight, below }: FitMeasures): number {
  if (rowHeight <= 0) return FIT_MIN_ROWS;
  const rows = Math.floor((viewport - firstRowTop - below) / rowHeight);
  return Math.min(FIT_MAX_ROWS, Math.max(FIT_MIN_ROWS, rows));
}

/**
 * Rows per page that fit the screen with no row cut (issue 26, kiosk walls): measured on the
 * list in `ref` (its `tbody tr` rows, and the `[data-list-summary]` line kept in view below
 * them), again when the window is resized or the rows' height changes. `fallback` until measured,
 * or when not `enabled`.
 */
export function useRowsThatFit(
  ref: RefObject<HTMLElement | null>,
  enabled: boolean,
  fallback: number,
): number {
  const [fit, setFit] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!enabled) return;
    const measure = () => {
      const root = ref.current;
      const rows = root ? [...root.querySelectorAll("tbody tr")] : [];
      const first = rows[0];
      if (!root || !first) return;
      const table = first.closest("table")?.parentElement ?? first;
      const summary = root.querySelector("[data-list-summary]");
      const tableBottom = table.getBoundingClientRect().bottom;
      const lastBottom = rows.at(-1)?.getBoundingClientRect().bottom ?? tableBottom;
      const summaryBottom = summary ? summary.getBoundingClientRect().bottom : tableBottom;
      const rowHeight = Math.max(...rows.map((row) => row.getBoundingClientRect().height));
      // Not laid out (hidden, or a test's DOM without layout): keep the fallback.
      if (rowHeight <= 0) return;
      const next = rowsThatFit({
        viewport: window.innerHeight,
        firstRowTop: first.getBoundingClientRect().top,
        rowHeight,
        // Under the last row: the rest of the table, the page count, and a small margin.
        below: summaryBottom - lastBottom + 8,
      });
      setFit((current) => (current === next ? current : next));
    };
    measure();
    window.addEventListener("resize", measure);
    // Rows change height without a render of this component too (a child re-laid out once the
    // status column was sized): a wall kept the page cut for its taller rows until its next
    // render, with room for three more rows.
    const body = ref.current?.querySelector("tbody");
    const resized =
      body && typeof ResizeObserver !== "undefined" ? new ResizeObserver(measure) : null;
    if (body) resized?.observe(body);
    return () => {
      window.removeEventListener("resize", measure);
      resized?.disconnect();
    };
  });
  return enabled ? (fit ?? fallback) : fallback;
}
