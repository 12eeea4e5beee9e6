import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useEffect } from "react";
import { refusalLines } from "../../lib/error-messages";
import { notify } from "../../lib/notices";
import { isStorageShort, requestPersistentStorage } from "../../offline/storage-health";
import { onRefusal, startSyncEngine } from "../../offline/sync-engine";

const ERROR_SAVING = msg`Error saving`;
const STORAGE_SHORT = msg`Storage is nearly full`;
const STORAGE_SHORT_DETAIL = msg`This device is running out of space: changes made offline may not be kept. Free some space.`;

/**
 * Runs the offline engine while a user is signed in: the replayer and its triggers, an
 * "Error saving" notice for each refused change (it is also in the sync issues list), and the
 * storage checks (persistent storage asked for; a warning when space is short). Notices are
 * translated when shown, so a language change does not restart the engine.
 */
export function useSyncEngine(): void {
  useEffect(() => {
    const stop = startSyncEngine();
    // Files and photos for lines' documents are outbox entries too (issue 24): same replayer.
    const unsubscribe = onRefusal((issue) => {
      const { label, to } = issue.summary;
      // Why, in the user's words (the field and reason the server named), not only what.
      notify("error", "ERROR", [
        i18n._(ERROR_SAVING),
        `${label}: ${to ?? "—"}`,
        ...refusalLines(issue, i18n),
      ]);
    });
    void requestPersistentStorage();
    void isStorageShort().then((short) => {
      if (short) notify("warning", i18n._(STORAGE_SHORT), i18n._(STORAGE_SHORT_DETAIL));
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, []);
}
