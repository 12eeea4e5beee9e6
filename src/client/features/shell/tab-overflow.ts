/** What the top bar knows when it lays its tabs out, all in CSS pixels. */
export interface TabLayoutInput {
  /** Width of each tab, in order. */
  widths: readonly number[];
  /** Room the tab list has. */
  available: number;
  /** Width of the "More" button. */
  moreWidth: number;
  /** Space between two items. */
  gap: number;
  /** Index of the tab of the page on screen; -1 when none. */
  active: number;
}

/** Which tabs stay in the bar and which go into the "More" menu, each in tab order. */
export interface TabLayout {
  visible: number[];
  overflow: number[];
}

const rowWidth = (widths: readonly number[], gap: number) =>
  widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1);

/**
 * Priority-plus layout of the top bar's tabs: every tab when they all fit; otherwise the first
 * tabs that fit next to the "More" button, the active one always among them (it takes the
 * place of the last ones that would not fit beside it).
 */
export function layoutTabs({
  widths,
  available,
  moreWidth,
  gap,
  active,
}: TabLayoutInput): TabLayout {
  const all = widths.map((_, index) => index);
  if (rowWidth(widths, gap) <= available) return { visible: all, overflow: [] };
  const room = available - moreWidth - gap;
  const pinned = active >= 0 && active < widths.length ? active : -1;
  const visible: number[] = [];
  const fits = (candidate: number[]) =>
    rowWidth(
      candidate.map((index) => widths[index] ?? 0),
      gap,
    ) <= room;
  for (const index of all) {
    const next = [...visible, index];
    const withActive = pinned === -1 || next.includes(pinned) ? next : [...next, pinned];
    if (!fits(withActive)) break;
    visible.push(index);
  }
  if (pinned !== -1 && !visible.includes(pinned) && fits([pinned])) visible.push(pinned);
  visible.sort((a, b) => a - b);
  return { visible, overflow: all.filter((index) => !visible.includes(index)) };
}
