import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../ui/button";
import { Modal } from "../../ui/modal";
import styles from "./integrations.module.css";

export interface ShownOnce {
  title: string;
  /** The secret or key: kept only in this dialog's state, never stored on the device. */
  value: string;
}

/** A signing secret or an API key, shown once after it was made, with a copy button. */
export function ShownOnceDialog({
  shown,
  onClose,
}: {
  shown: ShownOnce | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const copy = () => void navigator.clipboard?.writeText(shown?.value ?? "").catch(() => undefined);
  return (
    <Modal
      title={shown?.title ?? ""}
      isOpen={shown !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <p className={styles.warning}>
        <Trans>Copy it now: it is shown only this once. If it is lost, make a new one.</Trans>
      </p>
      <output className={styles.secret} aria-label={t`Value shown once`}>
        {shown?.value}
      </output>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onPress={copy}>
          <Trans>Copy</Trans>
        </Button>
        <Button onPress={onClose}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </Modal>
  );
}
