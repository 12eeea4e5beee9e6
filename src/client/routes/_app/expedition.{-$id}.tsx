import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/expedition/{-$id}")({ component: ExpeditionRoute });

function ExpeditionRoute() {
  return <ComingSoonPage page="expedition" />;
}
