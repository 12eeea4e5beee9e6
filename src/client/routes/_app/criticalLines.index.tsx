import { createFileRoute, redirect } from "@tanstack/react-router";

/** /criticalLines: the spec's return target of the critical line form's cancel; the list. */
export const Route = createFileRoute("/_app/criticalLines/")({
  beforeLoad: () => {
    throw redirect({ to: "/critical-lines", replace: true });
  },
});
