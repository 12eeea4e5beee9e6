import { createFileRoute } from "@tanstack/react-router";
import { SyncIssuesPage } from "../../features/sync-issues/sync-issues-page";

/** /sync-issues: the offline changes the server refused (every signed-in user may open it). */
export const Route = createFileRoute("/_app/sync-issues")({ component: SyncIssuesPage });
