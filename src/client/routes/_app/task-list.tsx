import { createFileRoute } from "@tanstack/react-router";
import { TaskListPage } from "../../features/task-list/task-list-page";
import { TaskListSearch } from "../../features/task-list/task-list-search";
import { cleanSearch, parseSearch } from "../../ui/list/url-search";

/** /task-list/: filters and page in the URL (spec "Task list"). */
export const Route = createFileRoute("/_app/task-list")({
  validateSearch: (search: Record<string, unknown>) =>
    cleanSearch(parseSearch(TaskListSearch, search)) as TaskListSearch,
  component: TaskListPage,
});
