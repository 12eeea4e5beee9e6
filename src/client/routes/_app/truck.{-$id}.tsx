import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/truck/{-$id}")({ component: TruckRoute });

function TruckRoute() {
  return <ComingSoonPage page="truck" />;
}
