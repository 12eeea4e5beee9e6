import { useState } from "react";
import type {
  ImportPreview,
  ImportRowOutcome,
  ImportType,
} from "../../../shared/contract/import-export";
import { importable, importPreviewRows, previewSheet } from "./api";

/** Where an import stands: a sheet read and checked, rows being imported, or done. */
export type ImportState =
  | { step: "idle" }
  | { step: "reading"; fileName: string }
  | { step: "preview"; fileName: string; preview: ImportPreview }
  | { step: "importing"; fileName: string; preview: ImportPreview; done: number; total: number }
  | { step: "done"; fileName: string; preview: ImportPreview; outcomes: ImportRowOutcome[] };

export interface LineImport {
  state: ImportState;
  error: unknown;
  read(type: ImportType, file: File): Promise<void>;
  run(type: ImportType): Promise<void>;
  reset(): void;
}

/** The import's steps: read a file (preview), import its valid rows with progress, start over. */
export function useLineImport(): LineImport {
  const [state, setState] = useState<ImportState>({ step: "idle" });
  const [error, setError] = useState<unknown>(null);

  const read = async (type: ImportType, file: File) => {
    setError(null);
    setState({ step: "reading", fileName: file.name });
    try {
      setState({ step: "preview", fileName: file.name, preview: await previewSheet(type, file) });
    } catch (caught) {
      setError(caught);
      setState({ step: "idle" });
    }
  };

  const run = async (type: ImportType) => {
    if (state.step !== "preview") return;
    const { fileName, preview } = state;
    const total = importable(preview.rows).length;
    setError(null);
    setState({ step: "importing", fileName, preview, done: 0, total });
    try {
      const outcomes = await importPreviewRows(type, preview.rows, (done) =>
        setState({ step: "importing", fileName, preview, done, total }),
      );
      setState({ step: "done", fileName, preview, outcomes });
    } catch (caught) {
      // What was sent is imported once; sending again creates nothing twice.
      setError(caught);
      setState({ step: "preview", fileName, preview });
    }
  };

  return {
    state,
    error,
    read,
    run,
    reset: () => {
      setError(null);
      setState({ step: "idle" });
    },
  };
}
