import { type RefObject, useLayoutEffect, useState } from "react";
import { layoutTabs, type TabLayout } from "./tab-overflow";

const allVisible = (count: number): TabLayout => ({
  visible: Array.from({ length: count }, (_, index) => index),
  overflow: [],
});

/**
 * Which of `count` tabs fit in `container` (the room the tab list has) and which go into
 * "More". `measure` holds a hidden copy of every tab, then of the More button, at their
 * natural widths. Measured with a
 * ResizeObserver on the bar's room and on the hidden copy (a language change alters the
 * widths). `active` stays visible. Without ResizeObserver (jsdom) every tab is shown.
 */
export function useTabOverflow(
  containerRef: RefObject<HTMLElement | null>,
  measureRef: RefObject<HTMLElement | null>,
  count: number,
  active: number,
): TabLayout {
  const [layout, setLayout] = useState<TabLayout>(() => allVisible(count));

  useLayoutEffect(() => {
    const container = containerRef.current;
    const measure = measureRef.current;
    if (!container || !measure || typeof ResizeObserver !== "function") {
      setLayout(allVisible(count));
      return;
    }
    const update = () => {
      const items = [...measure.children].map((child) => child.getBoundingClientRect().width);
      const moreWidth = items.pop() ?? 0;
      const gap = Number.parseFloat(getComputedStyle(measure).columnGap) || 0;
      const next = layoutTabs({
        widths: items.slice(0, count),
        available: container.getBoundingClientRect().width,
        moreWidth,
        gap,
        active,
      });
      setLayout((current) =>
        current.visible.join() === next.visible.join() &&
        current.overflow.join() === next.overflow.join()
          ? current
          : next,
      );
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(container);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [containerRef, measureRef, count, active]);

  return layout;
}
