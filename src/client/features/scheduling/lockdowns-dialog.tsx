import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Button } from "../../ui/button";
import { Modal } from "../../ui/modal";
import { RestrictedDatesPanel } from "./restricted-dates-panel";
import styles from "./scheduling.module.css";

/**
 * The receptions list's lockdowns button and dialog (spec: only for trw companies whose user
 * has the lockdowns permission; the list decides whether to show it).
 */
export function LockdownsButton() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        <Trans>Lockdowns</Trans>
      </Button>
      <Modal title={t`Lockdowns`} isOpen={open} onOpenChange={setOpen}>
        <p className={styles.hint}>
          <Trans>No reception or expedition can be booked on a restricted date.</Trans>
        </p>
        <RestrictedDatesPanel canEdit />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={() => setOpen(false)}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </Modal>
    </>
  );
}
