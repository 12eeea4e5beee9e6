import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { DwellGroup, DwellGroupRow, DwellLine } from "../../../shared/contract/bi";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { SelectField } from "../../ui/fields/select-field";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { useSortState } from "../../ui/list/use-sort-state";
import { fetchDwellGroups, fetchDwellLines } from "./api";
import styles from "./bi.module.css";
import { type BiQuery, exportName } from "./chart-data";
import { decimalSeparator, downloadCsv, toCsv } from "./csv";
import { csvHeaders } from "./csv-headers";
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
  const { t, i18n } = useLingui();
  const id = useId();
  const [by, setBy] = useState<DwellGroup>("carrier");
  const [sort, handleSort] = useSortState<SortKey>({ key: "p90_minutes", ascending: false }, [
    "carrier",
    "plate",
  ]);
  const [open, setOpen] = useState<{ row: DwellGroupRow; lines: DwellLine[]; count: number }>();
  const groups = useRemoteData(
    JSON.stringify([query, by]),
    (signal) => fetchDwellGroups(query, by, signal),
    { onError: notifyError },
  );
  const rows = groups.data ?? null;
  // Other dates or grouping: the open row's lines are gone with its table.
  const shownKey = JSON.stringify([query, by]);
  const [openKey, setOpenKey] = useState(shownKey);
  if (openKey !== shownKey) {
    setOpenKey(shownKey);
    setOpen(undefined);
  }

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
        csvHeaders(i18n, columns),
        sorted.map((row) => columns.map((key) => cellOf(row, key))),
        decimalSeparator(i18n.locales ?? i18n.locale),
      ),
    );
  return (
    <div className={styles.breakdown}>
      <SelectField
        id={`${id}-by`}
        label={<Trans>Dwell by</Trans>}
        value={by}
        onChange={(next) => setBy(next === "truck" ? "truck" : "carrier")}
        options={[
          { value: "carrier", label: t`Carrier` },
          { value: "truck", label: t`Truck` },
        ]}
      />
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
