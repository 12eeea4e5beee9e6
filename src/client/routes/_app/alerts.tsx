import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/alerts")({ component: AlertsRoute });

function AlertsRoute() {
  return <ComingSoonPage page="alerts" />;
}
