import { createFileRoute } from "@tanstack/react-router";
import { SelfCheckIn } from "../features/public/self-check-in/self-check-in";

/**
 * The carrier's public self check-in page (issue 15): no login; the token is the address. A
 * first load draws it without the app (main.tsx); this route serves navigation inside the app.
 */
export const Route = createFileRoute("/check-in/$token")({ component: SelfCheckInRoute });

function SelfCheckInRoute() {
  const { token } = Route.useParams();
  return <SelfCheckIn token={token} />;
}
