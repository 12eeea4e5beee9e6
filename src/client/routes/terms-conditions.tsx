import { createFileRoute } from "@tanstack/react-router";
import { PublicSite } from "../features/public/site/public-site";

/** Public page (spec "Public routes"); a first load draws it without the app (main.tsx). */
export const Route = createFileRoute("/terms-conditions")({ component: TermsRoute });

function TermsRoute() {
  return <PublicSite page="terms" />;
}
