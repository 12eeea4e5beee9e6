import { createFileRoute } from "@tanstack/react-router";
import { CriticalLineFormPage } from "../../features/critical-lines/critical-line-form-page";

/** /critical-line (add) and /critical-line/{id} (edit); save returns to /critical-lines. */
export const Route = createFileRoute("/_app/critical-line/{-$id}")({
  component: CriticalLineRoute,
});

function CriticalLineRoute() {
  const { id } = Route.useParams();
  return <CriticalLineFormPage key={id ?? "new"} lineId={id} />;
}
