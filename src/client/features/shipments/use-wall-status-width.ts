import { useLingui } from "@lingui/react/macro";
import { type RefObject, useLayoutEffect, useMemo, useState } from "react";
import { type ShipmentType, STATUSES } from "../../../shared/contract/status";
import { statusLabel, TIMING_TEXT } from "../../ui/shipment-labels";

let canvas: HTMLCanvasElement | null = null;

/** The widest of `texts` in an element's computed font (a canvas measure, no layout). */
function widestText(texts: readonly string[], style: CSSStyleDeclaration): number {
  canvas ??= document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) return 0;
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return Math.max(0, ...texts.map((text) => context.measureText(text).width));
}

const px = (value: string) => Number.parseFloat(value) || 0;
const sidePadding = (style: CSSStyleDeclaration) =>
  px(style.paddingLeft) +
  px(style.paddingRight) +
  px(style.borderLeftWidth) +
  px(style.borderRightWidth);

/**
 * The kiosk wall's status column width (issue 26: "Revis…" cut at 1280 px): the longest
 * status name of the type in the user's language plus the widest timing chip, in the wall's
 * own type, as a percentage of the table's width; measured on the first status cell in `ref`,
 * again when the window is resized. Null until measured, or when not `enabled`.
 */
export function useWallStatusWidth(
  ref: RefObject<HTMLElement | null>,
  enabled: boolean,
  type: ShipmentType,
): number | null {
  const { i18n } = useLingui();
  const texts = useMemo(
    () => ({
      names: STATUSES.filter((status) => status.type === type).map((status) =>
        statusLabel(status.description, i18n),
      ),
      chips: Object.values(TIMING_TEXT).map((text) => i18n._(text)),
    }),
    [type, i18n],
  );
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!enabled) return;
    const measure = () => {
      const cell = ref.current?.querySelector<HTMLElement>('tbody td[data-column="status"]');
      const status = cell?.firstElementChild;
      const name = status?.querySelector("strong");
      const table = cell?.closest("table");
      if (!cell || !status || !name || !table || table.clientWidth === 0) return;
      const chip = name.nextElementSibling;
      const chipStyle = chip ? getComputedStyle(chip) : null;
      const chipWidth = chipStyle
        ? widestText(texts.chips, chipStyle) +
          sidePadding(chipStyle) +
          px(getComputedStyle(status).columnGap)
        : 0;
      // A few pixels spare: canvas and layout round differently.
      const needed =
        widestText(texts.names, getComputedStyle(name)) +
        chipWidth +
        sidePadding(getComputedStyle(cell)) +
        4;
      const next = Math.round((needed / table.clientWidth) * 10_000) / 100;
      setWidth((current) => (current === next ? current : next));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  });
  return enabled ? width : null;
}
