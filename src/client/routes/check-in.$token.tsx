import { createFileRoute } from "@tanstack/react-router";
import { SelfCheckInPage } from "../features/gate/self-check-in-page";

/** The carrier's public self check-in page (issue 15): no login; the token is the address. */
export const Route = createFileRoute("/check-in/$token")({ component: SelfCheckInRoute });

function SelfCheckInRoute() {
  const { token } = Route.useParams();
  return <SelfCheckInPage token={token} />;
}
