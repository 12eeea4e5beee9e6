import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "../features/public/public-page";

export const Route = createFileRoute("/terms-conditions")({ component: TermsPage });

function TermsPage() {
  const { t } = useLingui();
  return (
    <PublicPage title={t`Terms and conditions`}>
      <p>
        <Trans>This page is coming soon.</Trans>
      </p>
    </PublicPage>
  );
}
