import type { BarDatum, BarItemProps } from "@nivo/bar";

/**
 * A bar as a button labelled with its day and value, opened by a click, Enter or Space: nivo's
 * own bar puts aria-label on a role-less rect (axe: aria-prohibited-attr) and answers no keys.
 * Drawn without animation (the chart sets animate off).
 */
export function BarItem<D extends BarDatum>({
  bar,
  onClick,
  ariaLabel,
  shouldRenderLabel,
  label,
  style,
}: BarItemProps<D>) {
  return (
    <g transform={`translate(${bar.x}, ${bar.y})`}>
      {/* biome-ignore lint/a11y/useSemanticElements: SVG has no button element; the rect is the bar */}
      <rect
        role="button"
        tabIndex={0}
        aria-label={ariaLabel?.(bar.data)}
        width={Math.max(bar.width, 0)}
        height={Math.max(bar.height, 0)}
        fill={bar.color}
        style={{ cursor: "pointer" }}
        onClick={(event) => onClick?.({ ...bar.data, color: bar.color }, event)}
        onKeyDown={(event) => {
          if (event.key !== "Enter" && event.key !== " ") return;
          event.preventDefault();
          // The same path as a click, so nivo's handler gets the datum it expects.
          event.currentTarget.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        }}
      />
      {shouldRenderLabel ? (
        <text
          x={bar.width / 2}
          y={bar.height / 2}
          textAnchor="middle"
          dominantBaseline="central"
          fill={style.labelColor.get()}
          style={{ fontSize: 13, pointerEvents: "none" }}
        >
          {label}
        </text>
      ) : null}
    </g>
  );
}
