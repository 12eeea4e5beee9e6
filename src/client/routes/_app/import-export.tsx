import { createFileRoute } from "@tanstack/react-router";
import { ImportExportPage } from "../../features/import-export/import-export-page";

/** /import-export: expeditions and receptions from and to spreadsheets (issue 28). */
export const Route = createFileRoute("/_app/import-export")({ component: ImportExportPage });
