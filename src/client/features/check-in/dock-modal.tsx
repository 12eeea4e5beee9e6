import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { CHECK_IN_MODAL_MS, type CheckInLine } from "../../../shared/contract/check-in";
import { Button } from "../../ui/button";
import { Modal } from "../../ui/modal";
import styles from "./check-in.module.css";

export interface DockModalProps {
  line: CheckInLine | null;
  plate: string;
  /** Queued on the device: it goes to the server when the network returns. */
  queued: boolean;
  onClose: () => void;
}

/** Where the driver goes: warehouse and dock, large; closes by itself after 60 s (spec 9). */
export function DockModal({ line, plate, queued, onClose }: DockModalProps) {
  const { t } = useLingui();
  useEffect(() => {
    if (!line) return;
    performance.mark("check-in-dock-modal");
    const timer = setTimeout(onClose, CHECK_IN_MODAL_MS);
    return () => clearTimeout(timer);
  }, [line, onClose]);
  return (
    <Modal
      title={t`Go to the dock`}
      isOpen={line !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {line ? (
        <div className={styles.dock}>
          <p className={styles.plateBig}>{plate}</p>
          <dl className={styles.dockFacts}>
            <div>
              <dt>
                <Trans>Warehouse</Trans>
              </dt>
              <dd data-testid="dock-warehouse">{line.warehouse || "--"}</dd>
            </div>
            <div>
              <dt>
                <Trans>Dock</Trans>
              </dt>
              <dd data-testid="dock-dock">{line.dock || "--"}</dd>
            </div>
          </dl>
          <p className={styles.muted}>
            <Trans>Delivery note {line.code}</Trans>
          </p>
          {queued ? (
            <p className={styles.queued}>
              <Trans>Saved on this terminal: it is sent when the network returns.</Trans>
            </p>
          ) : null}
          <Button onPress={onClose} className={styles.big}>
            <Trans>Done</Trans>
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
