import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/users")({ component: UsersRoute });

function UsersRoute() {
  return <ComingSoonPage page="users" />;
}
