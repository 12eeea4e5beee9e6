import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useDropzone } from "react-dropzone";
import { IMPORT_MAX_BYTES, type ImportType } from "../../../shared/contract/import-export";
import { errorLines } from "../../lib/error-messages";
import { Button } from "../../ui/button";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import styles from "./import-export.module.css";
import { PreviewProblems } from "./preview-table";
import { useLineImport } from "./use-line-import";

const ACCEPT = {
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "text/csv": [".csv"],
};

/**
 * Import: drop an .xlsx or .csv, see what each row would do (the server checks every row as the
 * form would, writing nothing), then import the valid rows with progress. The same file again
 * creates nothing twice.
 */
export function ImportPanel({ type }: { type: ImportType }) {
  const { t } = useLingui();
  const lineImport = useLineImport();
  const { state, error } = lineImport;
  const busy = state.step === "reading" || state.step === "importing";
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (files) => {
      const [file] = files;
      if (file) void lineImport.read(type, file);
    },
    accept: ACCEPT,
    maxFiles: 1,
    multiple: false,
    maxSize: IMPORT_MAX_BYTES,
    noClick: true,
    noKeyboard: true,
    disabled: busy,
  });
  const preview = state.step === "idle" || state.step === "reading" ? null : state.preview;
  const ready = preview?.rows.filter((row) => row.values !== null && !row.existing).length ?? 0;
  const existing = preview?.rows.filter((row) => row.existing).length ?? 0;
  const refused = preview?.rows.filter((row) => row.values === null).length ?? 0;

  return (
    <div className={styles.panel}>
      <div
        {...getRootProps({
          className: isDragActive ? `${styles.drop} ${styles.dropActive}` : styles.drop,
        })}
      >
        <input {...getInputProps({ "aria-label": t`Choose a spreadsheet` })} />
        <p className={styles.dropText}>
          <Trans>Drop an .xlsx or .csv file here, with the columns of the export</Trans>
        </p>
        <Button variant="secondary" onPress={open} isDisabled={busy}>
          <Trans>Choose a spreadsheet</Trans>
        </Button>
      </div>
      {state.step === "reading" ? (
        <LoadingIndicator label={t`Reading and checking ${state.fileName}…`} />
      ) : null}
      {error ? (
        <div role="alert" className={styles.error}>
          {errorLines(error).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      {preview ? (
        <section className={styles.block} aria-labelledby="import-summary">
          <h3 id="import-summary" className={styles.subtitle}>
            {state.step === "idle" || state.step === "reading" ? null : state.fileName}
          </h3>
          <ul className={styles.counts}>
            <li data-kind="ready">
              <Plural value={ready} one="# row ready to import" other="# rows ready to import" />
            </li>
            <li data-kind="existing">
              <Plural
                value={existing}
                one="# row already imported (nothing is created twice)"
                other="# rows already imported (nothing is created twice)"
              />
            </li>
            <li data-kind="refused">
              <Plural value={refused} one="# row with problems" other="# rows with problems" />
            </li>
          </ul>
          {preview.ignored_headers.length > 0 ? (
            <p className={styles.muted}>
              <Trans>Columns not imported: {preview.ignored_headers.join(", ")}</Trans>
            </p>
          ) : null}
          {state.step === "importing" ? (
            <div className={styles.progress}>
              <progress max={state.total} value={state.done} aria-label={t`Import progress`} />
              <span>
                <Trans>
                  Imported {state.done} of {state.total}
                </Trans>
              </span>
            </div>
          ) : null}
          {state.step === "done" ? (
            <p role="status" className={styles.done}>
              <Trans>
                Done: {state.outcomes.filter((o) => o.outcome === "created").length} created,{" "}
                {state.outcomes.filter((o) => o.outcome === "existing").length} already there,{" "}
                {state.outcomes.filter((o) => o.outcome === "refused").length} refused.
              </Trans>
            </p>
          ) : null}
          <div className={styles.actions}>
            {state.step === "preview" ? (
              <Button
                variant="primary"
                isDisabled={ready === 0}
                onPress={() => void lineImport.run(type)}
              >
                <Plural value={ready} one="Import # row" other="Import # rows" />
              </Button>
            ) : null}
            <Button variant="secondary" onPress={lineImport.reset} isDisabled={busy}>
              <Trans>Start over</Trans>
            </Button>
          </div>
          <PreviewProblems rows={preview.rows} />
        </section>
      ) : null}
    </div>
  );
}
