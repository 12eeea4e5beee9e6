import type { ReactNode } from "react";
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from "react-aria-components";
import styles from "./modal.module.css";

export interface ModalProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** Closing by Escape or a click outside (off while a save runs). */
  isDismissable?: boolean;
  /** wide: tables and whole forms (history, the truck form). */
  size?: "default" | "wide";
}

/** react-aria modal dialog: focus trapped, Escape closes, the title names the dialog. */
export function Modal({
  title,
  isOpen,
  onOpenChange,
  children,
  isDismissable = true,
  size = "default",
}: ModalProps) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
    >
      <AriaModal className={size === "wide" ? `${styles.modal} ${styles.wide}` : styles.modal}>
        <Dialog className={styles.dialog}>
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

export const modalStyles = styles;
