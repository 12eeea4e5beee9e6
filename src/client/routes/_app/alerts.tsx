import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AlertsPage } from "../../features/alerts/alerts-page";

/** The image on screen, 1-based. */
const AlertsSearch = z.object({
  page: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
});

export const Route = createFileRoute("/_app/alerts")({
  validateSearch: (search: Record<string, unknown>) => AlertsSearch.parse(search),
  component: AlertsPage,
});
