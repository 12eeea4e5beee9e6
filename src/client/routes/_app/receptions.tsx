import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/receptions")({ component: ReceptionsRoute });

function ReceptionsRoute() {
  return <ComingSoonPage page="receptions" />;
}
