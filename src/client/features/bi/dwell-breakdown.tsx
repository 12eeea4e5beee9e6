import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import type { DwellGroup, DwellGroupRow, DwellLine } from "../../../shared/contract/bi";
import { notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { useSortState } from "../../ui/list/use-sort-state";
import { fetchDwellGroups, fetchDwellLines } from "./api";
import styles from "./bi.module.css";
import { type BiQuery, exportName } from "./chart-data";
import { downloadCsv, toCsv } from "./csv";
import { DETAIL_TABLE } from "./detail-table";
import { DwellLines } from "./dwell-lines";

type SortKey = "carrier" | "plate" | "lines" | "median_minutes" | "p90_minutes";

const cellOf = (row: DwellGroupRow, key: SortKey): string | number =>
  key === "plate" ? (row.truck?.plate ?? "") : row[key];

/** Sorts dwell rows by a column, the carrier and plate breaking ties. */
export function sortDwell(rows: readonly DwellGroupRow[], key: SortKey, ascending: boolean) {
  const label = (row: DwellGroupRow) => `${row.carrier} ${row.truck?.plate ?? ""}`;
  return [...rows].sort((a, b) => {
    const x = cellOf(a, key);
    const y = cellOf(b, key);
    const order =
      typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    if (order === 0) return label(a).localeCompare(label(b));
    return ascending ? order : -order;
  });
}

const rowLabel = (row: DwellGroupRow) =>
  row.truck ? `${row.carrier} · ${row.truck.plate}` : row.carrier;

/**
 * Dwell per carrier or per truck for the BI dates (issue 16): a sortable table with CSV; a
 * row's button lists its lines (arrival, departure, dwell) below.
 */
export function DwellBreakdown({ query }: { query: BiQuery }) {
  const { t } = useLingui();
  const id = useId();
  const [by, setBy] = useState<DwellGroup>("carrier");
  const [rows, setRows] = useState<DwellGroupRow[] | null>(null);
  const [sort, handleSort] = useSortState<SortKey>({ key: "p90_minutes", ascending: false }, [
    "carrier",
    "plate",
  ]);
  const [open, setOpen] = useState<{ row: DwellGroupRow; lines: DwellLine[]; count: number }>();
  useEffect(() => {
    const controller = new AbortController();
    setRows(null);
    setOpen(undefined);
    fetchDwellGroups(query, by, controller.signal).then(setRows, (error: unknown) => {
      if (!controller.signal.aborted) notifyError(error);
    });
    return () => controller.abort();
  }, [query, by]);

  const columns: SortKey[] =
    by === "truck"
      ? ["carrier", "plate", "lines", "median_minutes", "p90_minutes"]
      : ["carrier", "lines", "median_minutes", "p90_minutes"];
  const names: Record<SortKey, string> = {
    carrier: t`Carrier`,
    plate: t`Plate`,
    lines: t`Lines`,
    median_minutes: t`Median (min)`,
    p90_minutes: t`90th percentile (min)`,
  };
  // The carrier names the row: its button lists the row's lines below.
  const definition = columns.map(
    (key): ListColumn<DwellGroupRow, SortKey> =>
      key === "carrier"
        ? {
            id: key,
            header: names[key],
            sortable: true,
            rowHeader: true,
            cell: (row) => (
              <button
                type="button"
                className={styles.rowButton}
                aria-label={t`Lines of ${rowLabel(row)}`}
                onClick={() => handleOpen(row)}
              >
                {row.carrier}
              </button>
            ),
          }
        : {
            id: key,
            header: names[key],
            sortable: true,
            className: key === "plate" ? styles.mono : styles.number,
            cell: (row) => cellOf(row, key),
          },
  );
  const sorted = rows ? sortDwell(rows, sort.key, sort.ascending) : [];
  const handleOpen = (row: DwellGroupRow) =>
    fetchDwellLines(query, row).then(
      (answer) => setOpen({ row, lines: answer.rows, count: answer.count }),
      notifyError,
    );
  const exportRows = () =>
    downloadCsv(
      exportName({ ...query, metric: "lines" }, `dwell_by_${by}`, "csv"),
      toCsv(
        columns,
        sorted.map((row) => columns.map((key) => cellOf(row, key))),
      ),
    );
  return (
    <div className={styles.breakdown}>
      <label className={styles.field}>
        <span className={styles.label}>
          <Trans>Dwell by</Trans>
        </span>
        <select
          id={`${id}-by`}
          className={styles.input}
          value={by}
          onChange={(event) => setBy(event.target.value === "truck" ? "truck" : "carrier")}
        >
          <option value="carrier">{t`Carrier`}</option>
          <option value="truck">{t`Truck`}</option>
        </select>
      </label>
      <ListTable
        rows={sorted}
        columns={definition}
        rowKey={(row) => `${row.carrier}-${row.truck?.id ?? ""}`}
        caption={by === "truck" ? t`Dwell per truck` : t`Dwell per carrier`}
        sort={sort}
        onSort={handleSort}
        rowAttributes={(row) => ({ "aria-current": open?.row === row ? "true" : undefined })}
        {...DETAIL_TABLE}
      />
      <div className={styles.exports}>
        <Button variant="secondary" onPress={exportRows} isDisabled={!rows}>
          {by === "truck" ? t`Download dwell per truck (CSV)` : t`Download dwell per carrier (CSV)`}
        </Button>
      </div>
      {open ? (
        <DwellLines
          query={query}
          title={t`Dwell lines: ${rowLabel(open.row)} (${open.count})`}
          lines={open.lines}
        />
      ) : null}
    </div>
  );
}
