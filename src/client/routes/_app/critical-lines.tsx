import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/critical-lines")({ component: CriticalLinesRoute });

function CriticalLinesRoute() {
  return <ComingSoonPage page="critical-lines" />;
}
