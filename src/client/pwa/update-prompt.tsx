import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { updateAvailableAtom, useAtomValue } from "../lib/store";
import { Button } from "../ui/button";
import styles from "./update-prompt.module.css";

/** "A new version is available" with Reload, when a new service worker waits. */
export function UpdatePrompt() {
  const applyUpdate = useAtomValue(updateAvailableAtom);
  const [pending, setPending] = useState(false);
  if (!applyUpdate) return null;
  const handleReload = () => {
    setPending(true);
    void applyUpdate();
  };
  return (
    <div className={styles.prompt} role="status" data-react-aria-top-layer="true">
      <p className={styles.text}>
        <Trans>A new version is available</Trans>
      </p>
      <Button variant="primary" onPress={handleReload} isPending={pending}>
        <Trans>Reload</Trans>
      </Button>
    </div>
  );
}
