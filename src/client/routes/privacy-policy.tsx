import { createFileRoute } from "@tanstack/react-router";
import { PublicSite } from "../features/public/site/public-site";

/** Public page (spec "Public routes"); a first load draws it without the app (main.tsx). */
export const Route = createFileRoute("/privacy-policy")({ component: PrivacyRoute });

function PrivacyRoute() {
  return <PublicSite page="privacy" />;
}
