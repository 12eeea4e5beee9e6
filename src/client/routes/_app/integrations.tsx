import { createFileRoute } from "@tanstack/react-router";
import { IntegrationsPage } from "../../features/integrations/integrations-page";

/** /integrations: an admin's webhooks and API keys (issue 28). */
export const Route = createFileRoute("/_app/integrations")({ component: IntegrationsPage });
