import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { useSession } from "../../lib/session/use-session";
import { EmptyState } from "../../ui/list/empty-state";
import pageStyles from "../../ui/page.module.css";
import { ApiKeysPanel } from "./api-keys-panel";
import { type ShownOnce, ShownOnceDialog } from "./shown-once-dialog";
import { WebhooksPanel } from "./webhooks-panel";

/**
 * /integrations (issue 28): an admin's webhooks (endpoints, delivery log, test ping) and API
 * keys. Online only; a secret or key is shown once and never stored on the device.
 */
export function IntegrationsPage() {
  const session = useSession();
  const [shown, setShown] = useState<ShownOnce | null>(null);
  const companyId = session.company?.id;
  const isAdmin = session.roles.includes("admin");
  return (
    <section className={pageStyles.page} aria-labelledby="integrations-title">
      <h1 id="integrations-title" className={pageStyles.title}>
        <Trans>Integrations</Trans>
      </h1>
      {!isAdmin || companyId === undefined ? (
        <EmptyState message={<Trans>Only an administrator manages integrations.</Trans>} />
      ) : (
        <>
          <WebhooksPanel companyId={companyId} onShowOnce={setShown} />
          <ApiKeysPanel companyId={companyId} onShowOnce={setShown} />
        </>
      )}
      <ShownOnceDialog shown={shown} onClose={() => setShown(null)} />
    </section>
  );
}
