import { createFileRoute } from "@tanstack/react-router";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import { ShipmentsPage } from "../../features/shipments/shipments-page";
import { ShipmentsSearch } from "../../features/shipments/shipments-search";
import { cleanSearch, parseSearch } from "../../ui/list/url-search";

/** /expeditions: filters and page in the URL, validated by zod (spec section 2). */
export const Route = createFileRoute("/_app/expeditions")({
  validateSearch: (search: Record<string, unknown>) =>
    cleanSearch(parseSearch(ShipmentsSearch, search)) as ShipmentsSearch,
  component: ExpeditionsRoute,
});

function ExpeditionsRoute() {
  return <ShipmentsPage type={SHIPMENT_TYPE.expedition} />;
}
