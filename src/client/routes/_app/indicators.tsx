import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/indicators")({ component: IndicatorsRoute });

function IndicatorsRoute() {
  return <ComingSoonPage page="indicators" />;
}
