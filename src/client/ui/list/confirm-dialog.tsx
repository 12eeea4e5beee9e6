import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "../button";
import styles from "./dialog.module.css";

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** The question, e.g. "Are you sure you want to DELETE the truck?". */
  message: string;
  /** What the question is about, shown under it (e.g. the truck's plate and name). */
  detail?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: buttons disabled, dialog stays open. */
  isBusy?: boolean;
  confirmLabel?: string;
  /** Styles Confirm as destructive (red); true by default. */
  isDestructive?: boolean;
}

/** Modal confirmation (role alertdialog) with Confirm and Cancel. */
export function ConfirmDialog({
  isOpen,
  message,
  detail,
  onConfirm,
  onCancel,
  isBusy = false,
  confirmLabel,
  isDestructive = true,
}: ConfirmDialogProps) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      isDismissable={!isBusy}
      isKeyboardDismissDisabled={isBusy}
      onOpenChange={(open) => {
        if (!open && !isBusy) onCancel();
      }}
    >
      <Modal className={styles.modal}>
        <Dialog role="alertdialog" className={styles.dialog} aria-busy={isBusy || undefined}>
          <Heading slot="title" className={styles.title}>
            {message}
          </Heading>
          {detail ? <p className={styles.detail}>{detail}</p> : null}
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onCancel} isDisabled={isBusy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant={isDestructive ? "danger" : "primary"}
              onPress={onConfirm}
              pending={isBusy}
              autoFocus
            >
              {confirmLabel ?? <Trans>Confirm</Trans>}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
