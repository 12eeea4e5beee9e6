import { createFileRoute } from "@tanstack/react-router";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import { LockdownsButton } from "../../features/scheduling/lockdowns-dialog";
import { ShipmentsPage } from "../../features/shipments/shipments-page";
import { ShipmentsSearch } from "../../features/shipments/shipments-search";
import { cleanSearch, parseSearch } from "../../ui/list/url-search";

/**
 * /receptions: filters and page in the URL, validated by zod (spec section 2); the route adds
 * the scheduling feature's Lockdowns button to the list.
 */
export const Route = createFileRoute("/_app/receptions")({
  validateSearch: (search: Record<string, unknown>) =>
    cleanSearch(parseSearch(ShipmentsSearch, search)) as ShipmentsSearch,
  component: ReceptionsRoute,
});

function ReceptionsRoute() {
  return <ShipmentsPage type={SHIPMENT_TYPE.reception} lockdownsButton={<LockdownsButton />} />;
}
