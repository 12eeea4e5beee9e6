import { useLingui } from "@lingui/react/macro";
import { ResponsiveBar } from "@nivo/bar";
import { ResponsivePie } from "@nivo/pie";
import { ListTable } from "../../ui/list/list-table";
import { BarItem } from "./bar-item";
import styles from "./bi.module.css";
import type { ChartDatum } from "./chart-data";

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
  return (
    <figure className={styles.figure} aria-label={title}>
      <div className={styles.chart} aria-hidden={kind === "pie" ? true : undefined}>
        {kind === "bar" ? (
          <ResponsiveBar
            data={data.map((datum) => ({ id: datum.id, label: datum.label, value: datum.value }))}
            keys={["value"]}
            indexBy="id"
            margin={{ top: 16, right: 16, bottom: manyBars ? 80 : 56, left: 56 }}
            padding={0.25}
            colors={(bar) => {
              const datum = byId.get(String(bar.indexValue));
              return datum ? colorOf(datum) : BAR_COLOR;
            }}
            axisBottom={{
              tickRotation: manyBars || data.some((d) => d.label.length > 10) ? -45 : 0,
              format: (id) => byId.get(String(id))?.label ?? String(id),
              tickValues: manyBars
                ? data
                    .filter((_, index) => index % Math.ceil(data.length / 24) === 0)
                    .map((d) => d.id)
                : undefined,
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
            theme={{ text: { fontSize: 13 } }}
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
            theme={{ text: { fontSize: 13 } }}
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
