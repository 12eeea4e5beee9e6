import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Metric, MetricType } from "../../../shared/contract/bi";
import { statusById } from "../../../shared/contract/status";
import { saveBlob } from "../../lib/download";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { DateField } from "../../ui/fields/date-field";
import { SelectField } from "../../ui/fields/select-field";
import { EmptyState } from "../../ui/list/empty-state";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import pageStyles from "../../ui/page.module.css";
import { reasonLabel, statusLabel } from "../../ui/shipment-labels";
import { fetchDetail, fetchMetric } from "./api";
import styles from "./bi.module.css";
import { BiChart, type ChartKind } from "./bi-chart";
import { BiDetail } from "./bi-detail";
import {
  type BiQuery,
  type ChartDatum,
  chartData,
  type DetailRows,
  exportName,
  type MetricRows,
  rawChart,
  rawDetail,
} from "./chart-data";
import { decimalSeparator, downloadCsv, toCsv } from "./csv";
import { chartPdf } from "./pdf";
import { YardTimes } from "./yard-times";

interface Form {
  kind: ChartKind;
  metric: Metric;
  type: MetricType;
  from: string;
  to: string;
}

/** The form as the screen opens: this month's lines, both types, as bars. */
function thisMonth(): Form {
  const now = DateTime.local();
  return {
    kind: "bar",
    metric: "lines",
    type: 0,
    from: now.startOf("month").toISODate() ?? "",
    to: now.endOf("month").toISODate() ?? "",
  };
}

/** /bi (spec section 2, "BI screen"): a metric as a bar or pie chart, its detail and exports. */
export function BiPage() {
  const { t, i18n } = useLingui();
  const id = useId();
  const [form, setForm] = useState<Form>(thisMonth);
  const [shown, setShown] = useState<{
    query: BiQuery;
    kind: ChartKind;
    answer: MetricRows;
  } | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<ChartDatum | null>(null);
  const [detail, setDetail] = useState<(DetailRows & { count: number }) | null>(null);
  const [detailLoading, setDetailLoading] = useState(false);
  const [pdfPending, setPdfPending] = useState(false);
  const chartRef = useRef<HTMLDivElement>(null);

  const metricNames: Record<Metric, string> = {
    trucks: t`Trucks`,
    lines: t`Lines`,
    incidences: t`Incidences`,
  };
  // Expedition and reception incidences share status names: the type tells them apart.
  const incidenceLabel = (row: {
    status: { id: number; description: string };
    reason: { code: string; name: string } | null;
  }) => {
    const statusText = statusLabel(row.status.description, i18n);
    const reasonText = row.reason ? reasonLabel(row.reason, i18n) : t`No reason`;
    const type = statusById(row.status.id)?.type === 2 ? t`Reception` : t`Expedition`;
    return `${type} · ${statusText} · ${reasonText}`;
  };

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const handleOk = async (event?: FormEvent, choice: Form = form) => {
    event?.preventDefault();
    if (!choice.from || !choice.to) {
      notify("warning", t`Warning`, t`Fill date fields`);
      return;
    }
    if (choice.to < choice.from) {
      notify("warning", t`Warning`, t`The end date is before the start date`);
      return;
    }
    const query: BiQuery = {
      metric: choice.metric,
      type: choice.metric === "trucks" ? 0 : choice.type,
      from: choice.from,
      to: choice.to,
    };
    setLoading(true);
    setSelected(null);
    setDetail(null);
    try {
      setShown({ query, kind: choice.kind, answer: await fetchMetric(query) });
    } catch (error) {
      notifyError(error);
    } finally {
      setLoading(false);
    }
  };

  // The screen opens on this month's chart, not on an empty form (issue 26).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening.
  useEffect(() => {
    void handleOk(undefined, thisMonth());
  }, []);

  const handleReset = () => {
    setForm(thisMonth());
    setShown(null);
    setSelected(null);
    setDetail(null);
  };

  const handleSelect = async (datum: ChartDatum) => {
    if (!shown) return;
    setSelected(datum);
    setDetailLoading(true);
    try {
      setDetail(await fetchDetail(shown.query, datum.detail));
    } catch (error) {
      notifyError(error);
    } finally {
      setDetailLoading(false);
    }
  };

  const title = shown
    ? `${metricNames[shown.query.metric]} ${shown.query.from} – ${shown.query.to}`
    : "";
  const data = shown
    ? chartData(shown.answer, shown.query, { forPie: shown.kind === "pie", incidenceLabel })
    : [];

  const handlePdf = async () => {
    if (!shown || !chartRef.current) return;
    setPdfPending(true);
    try {
      saveBlob(await chartPdf(chartRef.current, title), exportName(shown.query, "", "pdf"));
    } catch (error) {
      notifyError(error);
    } finally {
      setPdfPending(false);
    }
  };
  const decimal = decimalSeparator(i18n.locales ?? i18n.locale);
  const handleRawChart = () => {
    if (!shown) return;
    const table = rawChart(shown.answer, i18n);
    downloadCsv(exportName(shown.query, "", "csv"), toCsv(table.header, table.rows, decimal));
  };
  const handleRawDetail = () => {
    if (!shown || !detail || !selected) return;
    const table = rawDetail(detail, i18n);
    const name = exportName(shown.query, `detail_${selected.id.replace(/[^\w-]/g, "-")}`, "csv");
    downloadCsv(name, toCsv(table.header, table.rows, decimal));
  };

  return (
    <section className={`${pageStyles.page} ${styles.page}`} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={pageStyles.title}>
        <Trans>BI</Trans>
      </h1>
      <form
        className={styles.form}
        onSubmit={(event) => void handleOk(event)}
        aria-label={t`Chart options`}
      >
        <fieldset className={styles.kinds}>
          <legend className={styles.label}>
            <Trans>Chart</Trans>
          </legend>
          {(["bar", "pie"] as const).map((kind) => (
            <label key={kind} className={styles.choice}>
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={form.kind === kind}
                onChange={() => set("kind", kind)}
              />
              {kind === "bar" ? t`Bar` : t`Pie`}
            </label>
          ))}
        </fieldset>
        <DateField label={<Trans>From</Trans>} value={form.from} onChange={(v) => set("from", v)} />
        <DateField label={<Trans>To</Trans>} value={form.to} onChange={(v) => set("to", v)} />
        <SelectField
          label={<Trans>Metric</Trans>}
          value={form.metric}
          onChange={(metric) => set("metric", metric as Metric)}
          options={(Object.keys(metricNames) as Metric[]).map((metric) => ({
            value: metric,
            label: metricNames[metric],
          }))}
        />
        {form.metric === "trucks" ? null : (
          <SelectField
            label={<Trans>Type</Trans>}
            value={String(form.type)}
            onChange={(type) => set("type", Number(type) as MetricType)}
            options={[
              { value: "0", label: t`Both` },
              { value: "1", label: t`Expeditions` },
              { value: "2", label: t`Receptions` },
            ]}
          />
        )}
        <div className={styles.actions}>
          <Button type="submit" pending={loading}>
            <Trans>OK</Trans>
          </Button>
          <Button type="button" variant="secondary" onPress={handleReset}>
            <Trans>Reset</Trans>
          </Button>
        </div>
      </form>
      {loading && !shown ? <LoadingIndicator /> : null}
      {shown ? (
        <>
          <div className={styles.exports}>
            <Button
              variant="secondary"
              onPress={() => void handlePdf()}
              pending={pdfPending}
              isDisabled={data.length === 0}
            >
              <Trans>Download chart (PDF)</Trans>
            </Button>
            <Button variant="secondary" onPress={handleRawChart}>
              <Trans>Download raw chart (CSV)</Trans>
            </Button>
            <Button variant="secondary" onPress={handleRawDetail} isDisabled={!detail}>
              <Trans>Download raw detail (CSV)</Trans>
            </Button>
          </div>
          {data.every((datum) => datum.value === 0) ? (
            <EmptyState message={t`Nothing in these dates.`} />
          ) : (
            <div ref={chartRef} className={styles.chartBox}>
              <h2 className={styles.chartTitle}>{title}</h2>
              <BiChart
                kind={shown.kind}
                data={data}
                title={title}
                selectedId={selected?.id ?? null}
                onSelect={(datum) => void handleSelect(datum)}
              />
            </div>
          )}
          {detailLoading ? <LoadingIndicator /> : null}
          {detail && selected && !detailLoading ? (
            detail.rows.length === 0 ? (
              <EmptyState message={t`No rows behind this item.`} />
            ) : (
              <BiDetail detail={detail} title={t`Detail: ${selected.label} (${detail.count})`} />
            )
          ) : null}
          <YardTimes query={shown.query} />
        </>
      ) : null}
    </section>
  );
}
