import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/trucks")({ component: TrucksRoute });

function TrucksRoute() {
  return <ComingSoonPage page="trucks" />;
}
