import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/bi")({ component: BiRoute });

function BiRoute() {
  return <ComingSoonPage page="bi" />;
}
