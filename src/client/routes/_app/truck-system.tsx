import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/truck-system")({ component: TruckSystemRoute });

function TruckSystemRoute() {
  return <ComingSoonPage page="truck-system" />;
}
