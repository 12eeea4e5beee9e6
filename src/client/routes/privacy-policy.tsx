import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "../features/public/public-page";

export const Route = createFileRoute("/privacy-policy")({ component: PrivacyPage });

function PrivacyPage() {
  const { t } = useLingui();
  return (
    <PublicPage title={t`Privacy policy`}>
      <p>
        <Trans>This page is coming soon.</Trans>
      </p>
    </PublicPage>
  );
}
