import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/reception/{-$id}")({ component: ReceptionRoute });

function ReceptionRoute() {
  return <ComingSoonPage page="reception" />;
}
