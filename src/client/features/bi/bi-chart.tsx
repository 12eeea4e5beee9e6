import { useLingui } from "@lingui/react/macro";
import { ResponsiveBar } from "@nivo/bar";
import { ResponsivePie } from "@nivo/pie";
import { type RefObject, useEffect, useRef, useState } from "react";
import { ListTable } from "../../ui/list/list-table";
import { BarItem } from "./bar-item";
import styles from "./bi.module.css";
import { type ChartDatum, thinTicks } from "./chart-data";

export type ChartKind = "bar" | "pie";

export interface BiChartProps {
  kind: ChartKind;
  data: ChartDatum[];
  title: string;
  selectedId: string | null;
  onSelect: (datum: ChartDatum) => void;
}

const BAR_COLOR = "#0b4fa8";
const SELECTED_COLOR = "#ffb400";
const FONT_PX = 13;
const MARGIN = { top: 16, right: 16, left: 56 };
/** Room a label needs along the axis: its text side by side, or its height when slanted. */
const labelRoom = (longest: number, slanted: boolean) =>
  slanted ? FONT_PX * 2 : longest * FONT_PX * 0.62 + 16;

/** The width of an element, followed as the window or layout changes. */
function useWidth<E extends HTMLElement>(): [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The nivo bar or pie. Bars are focusable and labelled; the table below the chart is the same
 * data for keyboards and screen readers, each row a button that opens its detail.
 */
export function BiChart({ kind, data, title, selectedId, onSelect }: BiChartProps) {
  const { t } = useLingui();
  const colorOf = (datum: ChartDatum) =>
    datum.id === selectedId ? SELECTED_COLOR : (datum.color ?? BAR_COLOR);
  const byId = new Map(data.map((datum) => [datum.id, datum]));
  const pick = (id: string | number) => {
    const datum = byId.get(String(id));
    if (datum) onSelect(datum);
  };
  const manyBars = data.length > 31;
  const slanted = manyBars || data.some((d) => d.label.length > 10);
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const longest = Math.max(0, ...data.map((d) => d.label.length));
  // Only as many labels as fit the axis: 30 days side by side were a smear (issue 26).
  const ticks = thinTicks(
    data.map((d) => d.id),
    Math.max(0, (boxWidth || 1000) - MARGIN.left - MARGIN.right),
    labelRoom(longest, slanted),
  );
  return (
    <figure className={styles.figure} aria-label={title}>
      <div ref={boxRef} className={styles.chart} aria-hidden={kind === "pie" ? true : undefined}>
        {kind === "bar" ? (
          <ResponsiveBar
            data={data.map((datum) => ({ id: datum.id, label: datum.label, value: datum.value }))}
            keys={["value"]}
            indexBy="id"
            margin={{ ...MARGIN, bottom: manyBars ? 80 : 56 }}
            padding={0.25}
            colors={(bar) => {
              const datum = byId.get(String(bar.indexValue));
              return datum ? colorOf(datum) : BAR_COLOR;
            }}
            axisBottom={{
              tickRotation: slanted ? -45 : 0,
              format: (id) => byId.get(String(id))?.label ?? String(id),
              tickValues: ticks,
            }}
            axisLeft={{ tickSize: 0 }}
            enableLabel={!manyBars}
            labelTextColor="#ffffff"
            barComponent={BarItem}
            barAriaLabel={(bar) =>
              `${byId.get(String(bar.indexValue))?.label ?? bar.indexValue}: ${bar.value}`
            }
            role="group"
            ariaLabel={title}
            onClick={(bar) => pick(bar.indexValue)}
            theme={{ text: { fontSize: FONT_PX } }}
            animate={false}
          />
        ) : (
          <ResponsivePie
            data={data.map((datum) => ({ id: datum.id, label: datum.label, value: datum.value }))}
            margin={{ top: 24, right: 160, bottom: 24, left: 160 }}
            colors={(slice) => {
              const datum = byId.get(String(slice.id));
              return datum ? colorOf(datum) : BAR_COLOR;
            }}
            innerRadius={0.4}
            padAngle={1}
            arcLinkLabel={(slice) => byId.get(String(slice.id))?.label ?? String(slice.id)}
            arcLabelsTextColor="#ffffff"
            onClick={(slice) => pick(slice.id)}
            theme={{ text: { fontSize: FONT_PX } }}
            animate={false}
          />
        )}
      </div>
      <figcaption className={styles.caption}>
        <ListTable
          rows={data.filter((datum) => datum.value > 0)}
          rowKey={(datum) => datum.id}
          caption={t`Chart data`}
          captionClassName={styles.srOnly}
          className={styles.dataTable}
          wrapClassName={null}
          rowAttributes={(datum) => ({
            "aria-current": datum.id === selectedId ? "true" : undefined,
          })}
          columns={[
            {
              id: "item",
              header: t`Item`,
              rowHeader: true,
              cell: (datum) => (
                <button type="button" className={styles.rowButton} onClick={() => onSelect(datum)}>
                  <span className={styles.swatch} style={{ background: colorOf(datum) }} />
                  {datum.label}
                </button>
              ),
            },
            {
              id: "value",
              header: t`Value`,
              className: styles.number,
              cell: (datum) => datum.value,
            },
          ]}
        />
      </figcaption>
    </figure>
  );
}
