import { createFileRoute } from "@tanstack/react-router";
import { BoardPage } from "../../features/board/board-page";

/** /board?date=YYYY-MM-DD: the day board (issue 12); today without a date. */
export const Route = createFileRoute("/_app/board")({
  validateSearch: (search: Record<string, unknown>): { date?: string } =>
    typeof search.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(search.date)
      ? { date: search.date }
      : {},
  component: BoardRoute,
});

function BoardRoute() {
  const { date } = Route.useSearch();
  return <BoardPage date={date} />;
}
