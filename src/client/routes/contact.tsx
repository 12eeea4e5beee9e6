import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "../features/public/public-page";

export const Route = createFileRoute("/contact")({ component: ContactPage });

function ContactPage() {
  const { t } = useLingui();
  return (
    <PublicPage title={t`Contact`}>
      <p>
        <Trans>This page is coming soon.</Trans>
      </p>
    </PublicPage>
  );
}
