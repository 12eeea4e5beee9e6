import { Trans, useLingui } from "@lingui/react/macro";
import type { ImportPreviewRow } from "../../../shared/contract/import-export";
import { fieldErrorText, fieldLabel } from "../../lib/error-messages";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import styles from "./import-export.module.css";

/** The rows with problems shown at once; the rest are counted (fix these first). */
const SHOWN_ROWS = 200;

/** Every refused field of a row, in the user's words: "Client: Not one of the allowed options". */
function problemsOf(row: ImportPreviewRow): string[] {
  return Object.entries(row.field_codes).flatMap(([field, codes]) =>
    codes.map((code) => `${fieldLabel(field)}: ${fieldErrorText(field, code)}`),
  );
}

/** The preview's rows that cannot be imported, each with why, as the form would say it. */
export function PreviewProblems({ rows }: { rows: readonly ImportPreviewRow[] }) {
  const { t } = useLingui();
  const refused = rows.filter((row) => row.values === null);
  if (refused.length === 0) return null;
  const columns: ListColumn<ImportPreviewRow>[] = [
    { id: "row", header: t`Row`, cell: (row) => row.row, numeric: true, rowHeader: true },
    { id: "code", header: fieldLabel("code"), cell: (row) => row.cells.code ?? "", mono: true },
    { id: "booked", header: fieldLabel("booked_date"), cell: (row) => row.cells.booked_date ?? "" },
    { id: "client", header: fieldLabel("client"), cell: (row) => row.cells.client ?? "" },
    {
      id: "problems",
      header: t`What to fix`,
      cell: (row) => (
        <ul className={styles.problems}>
          {problemsOf(row).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <section className={styles.block} aria-labelledby="import-problems">
      <h3 id="import-problems" className={styles.subtitle}>
        <Trans>Rows that will not be imported</Trans>
      </h3>
      <ListTable
        rows={refused.slice(0, SHOWN_ROWS)}
        columns={columns}
        rowKey={(row) => row.row}
        caption={t`Rows that will not be imported`}
      />
      {refused.length > SHOWN_ROWS ? (
        <p className={styles.muted}>
          <Trans>And {refused.length - SHOWN_ROWS} more rows with problems.</Trans>
        </p>
      ) : null}
    </section>
  );
}
