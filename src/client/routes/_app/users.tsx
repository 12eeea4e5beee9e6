import { createFileRoute } from "@tanstack/react-router";
import { UsersPage, UsersSearch } from "../../features/users/users-page";
import { cleanSearch, parseSearch } from "../../ui/list/url-search";

/** /users: the page in the URL (spec 02 "Users"). */
export const Route = createFileRoute("/_app/users")({
  validateSearch: (search: Record<string, unknown>) =>
    cleanSearch(parseSearch(UsersSearch, search)) as { page?: number },
  component: UsersPage,
});
