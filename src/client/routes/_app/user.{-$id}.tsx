import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/user/{-$id}")({ component: UserRoute });

function UserRoute() {
  return <ComingSoonPage page="user" />;
}
