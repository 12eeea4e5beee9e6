import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";
import { PublicPage } from "../features/public/public-page";

export const Route = createFileRoute("/")({ component: LandingPage });

function LandingPage() {
  const { t } = useLingui();
  return (
    <PublicPage title={t`Yard and dock management`}>
      <p>
        <Trans>
          Online management of expeditions and receptions, SMS alerts to the carrier when a load is
          ready, real-time status and delay alerts.
        </Trans>
      </p>
      <p>
        <Link to="/login">
          <Trans>Go to the client area</Trans>
        </Link>
      </p>
    </PublicPage>
  );
}
