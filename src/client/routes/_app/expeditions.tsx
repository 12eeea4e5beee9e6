import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/expeditions")({ component: ExpeditionsRoute });

function ExpeditionsRoute() {
  return <ComingSoonPage page="expeditions" />;
}
