import { Trans, useLingui } from "@lingui/react/macro";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { ShipmentType } from "../../../shared/contract/status";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notifyError } from "../../lib/notices";
import { Button, buttonClass } from "../../ui/button";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { Modal } from "../../ui/modal";
import { shipmentQr } from "./api";
import styles from "./documents.module.css";

export interface QrDialogProps {
  isOpen: boolean;
  onClose: () => void;
  shipmentId: number;
  type: ShipmentType;
  code: string;
}

const buttonLink = buttonClass("primary");

/** Expedition-{code}.png or Reception-{code}.png (spec section 7). */
export function qrFileName(type: ShipmentType, code: string, id: number): string {
  const kind = type === SHIPMENT_TYPE.reception ? "Reception" : "Expedition";
  return `${kind}-${(code || String(id)).replace(/[\\/:*?"<>|]/g, "_")}.png`;
}

/** Prints only the code: a window of its own holding the image. */
function printImage(src: string, title: string) {
  const win = window.open("", "_blank", "width=520,height=560");
  if (!win) return;
  win.document.title = title;
  const img = win.document.createElement("img");
  img.src = src;
  img.width = 450;
  img.height = 440;
  img.alt = title;
  img.onload = () => {
    win.focus();
    win.print();
  };
  win.document.body.append(img);
}

/** The line's QR code at 450x440 with print and download (spec sections 2 and 7). */
export function QrDialog({ isOpen, onClose, shipmentId, type, code }: QrDialogProps) {
  const { t } = useLingui();
  const answer = useRemoteData(isOpen ? String(shipmentId) : null, () => shipmentQr(shipmentId), {
    keepPrevious: true,
    onError: (error) => {
      notifyError(error);
      onClose();
    },
  });
  const qr = answer.data ?? null;
  const src = qr ? `data:image/png;base64,${qr.qr}` : null;
  const name = qrFileName(type, code, shipmentId);
  return (
    <Modal
      title={t`QR code`}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="wide"
    >
      <div className={styles.body}>
        {src ? (
          <img
            className={styles.qr}
            src={src}
            width={450}
            height={440}
            alt={t`QR code of ${code}`}
          />
        ) : (
          <LoadingIndicator />
        )}
        {qr ? <p className={styles.empty}>{qr.link}</p> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onPress={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button
            variant="secondary"
            isDisabled={!src}
            onPress={() => src && printImage(src, name)}
          >
            <Trans>Print</Trans>
          </Button>
          {src ? (
            <a className={buttonLink} href={src} download={name}>
              <Trans>Download</Trans>
            </a>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
