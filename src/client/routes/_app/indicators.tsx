import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { IndicatorsPage } from "../../features/indicators/indicators-page";

/** The view on screen as a page (1 general annual, 2 general quarterly, 3 area C). */
const IndicatorsSearch = z.object({
  page: z.coerce.number().int().min(1).max(3).optional().catch(undefined),
});

export const Route = createFileRoute("/_app/indicators")({
  validateSearch: (search: Record<string, unknown>) => IndicatorsSearch.parse(search),
  component: IndicatorsPage,
});
