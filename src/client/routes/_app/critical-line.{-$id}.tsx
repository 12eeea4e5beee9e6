import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/critical-line/{-$id}")({
  component: CriticalLineRoute,
});

function CriticalLineRoute() {
  return <ComingSoonPage page="critical-line" />;
}
