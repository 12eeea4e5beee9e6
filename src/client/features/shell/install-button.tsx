import { Trans } from "@lingui/react/macro";
import { installPromptAtom, useAtomValue, useSetAtom } from "../../lib/store";
import { Button } from "../../ui/button";

/** Shown once the browser offers installation (beforeinstallprompt). */
export function InstallButton() {
  const promptEvent = useAtomValue(installPromptAtom);
  const setPromptEvent = useSetAtom(installPromptAtom);
  if (!promptEvent) return null;
  const handleInstall = async () => {
    await promptEvent.prompt();
    await promptEvent.userChoice.catch(() => null);
    setPromptEvent(null);
  };
  return (
    <Button variant="ghost" onPress={() => void handleInstall()}>
      <Trans>Install app</Trans>
    </Button>
  );
}
