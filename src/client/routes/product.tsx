import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "../features/public/public-page";

export const Route = createFileRoute("/product")({ component: ProductPage });

function ProductPage() {
  const { t } = useLingui();
  return (
    <PublicPage title={t`Product`}>
      <p>
        <Trans>This page is coming soon.</Trans>
      </p>
    </PublicPage>
  );
}
