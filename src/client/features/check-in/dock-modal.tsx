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

/**
 * The check-in's confirmation: where the driver goes: warehouse and dock, large; closes by itself after 60 s (spec 9). A line
 * without a dock sends the driver to its warehouse, or without one either to the office.
 */
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
      title={line && !line.dock ? t`Where to go` : t`Go to the dock`}
      isOpen={line !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {line ? (
        <div className={styles.dock}>
          <p className={styles.plateBig}>{plate}</p>
          {line.warehouse || line.dock ? (
            <dl className={styles.dockFacts}>
              {line.warehouse ? (
                <div>
                  <dt>
                    <Trans>Warehouse</Trans>
                  </dt>
                  <dd data-testid="dock-warehouse">{line.warehouse}</dd>
                </div>
              ) : null}
              {line.dock ? (
                <div>
                  <dt>
                    <Trans>Dock</Trans>
                  </dt>
                  <dd data-testid="dock-dock">{line.dock}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          {line.dock ? null : (
            <p className={styles.dockInstead} data-testid="dock-instead">
              {line.warehouse ? (
                <Trans>
                  No dock assigned yet: go to warehouse {line.warehouse}, they will give you the
                  dock there.
                </Trans>
              ) : (
                <Trans>No dock assigned yet: please ask at the office.</Trans>
              )}
            </p>
          )}
          <p className={styles.muted}>
            <Trans>Delivery note {line.code}</Trans>
          </p>
          {/* The success message (spec truck_register) lives here, not in a notice that would
              cover the top bar's waiting badge; offline it says the check-in waits. */}
          {queued ? (
            <p className={styles.queued} role="status">
              <Trans>
                Check-in saved on this terminal: it will be sent when the network returns.
              </Trans>
            </p>
          ) : (
            <p className={styles.registered} role="status">
              <Trans>Truck registered</Trans>
            </p>
          )}
          <Button onPress={onClose} className={styles.big}>
            <Trans>Done</Trans>
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
