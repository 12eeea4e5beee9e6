import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "../button";
import dialogStyles from "./dialog.module.css";
import styles from "./filters-button.module.css";

export interface FiltersButtonProps {
  /** Filters in force (a date range counts once): shown on the button. */
  count: number;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The filter form (FilterBar); close the drawer from its apply handler. */
  children: ReactNode;
}

/**
 * Filters behind one button (tablets and phones, where a filter bar would fill the first
 * screen): "Filters" with the count of active ones, opening a drawer with the list's filters.
 */
export function FiltersButton({ count, isOpen, onOpenChange, children }: FiltersButtonProps) {
  const { t } = useLingui();
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button variant="secondary" className={styles.button}>
        <Trans>Filters</Trans>
        {count > 0 ? <span className={styles.count}>{count}</span> : null}
      </Button>
      <ModalOverlay className={dialogStyles.overlay} isDismissable>
        <Modal className={`${dialogStyles.modal} ${styles.drawer}`}>
          <Dialog className={styles.dialog} aria-label={t`Filters`}>
            {({ close }) => (
              <>
                <div className={styles.titleRow}>
                  <Heading slot="title" className={dialogStyles.title}>
                    <Trans>Filters</Trans>
                  </Heading>
                  <Button variant="ghost" onPress={close}>
                    <Trans>Close</Trans>
                  </Button>
                </div>
                {children}
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
