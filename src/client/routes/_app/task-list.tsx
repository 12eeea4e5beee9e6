import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../ui/coming-soon-page";

export const Route = createFileRoute("/_app/task-list")({ component: TaskListRoute });

function TaskListRoute() {
  return <ComingSoonPage page="task-list" />;
}
