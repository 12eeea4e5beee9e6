import { Trans } from "@lingui/react/macro";
import { useCallback, useState } from "react";
import type { ShipmentType } from "../../../shared/contract/status";
import { saveDownload } from "../../lib/download";
import { notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { useDeviceLayout } from "../../ui/use-device-layout";
import { documentPath } from "./api";
import { AttachmentsDialog } from "./attachments-dialog";
import { QrDialog } from "./qr-dialog";

export interface DocumentButtonsProps {
  type: ShipmentType;
  shipmentId: number;
  code: string;
  canEdit: boolean;
  isForkLift: boolean;
}

/** Downloads the label or check list PDF under the server's file name. */
async function downloadDocument(id: number, kind: "label" | "check-list") {
  await saveDownload(documentPath(id, kind), `${kind}-${id}.pdf`);
}

/** The edit form's document buttons: check list, print label, files, QR code (spec section 2). */
export function DocumentButtons({
  type,
  shipmentId,
  code,
  canEdit,
  isForkLift,
}: DocumentButtonsProps) {
  const [filesOpen, setFilesOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const layout = useDeviceLayout({ isKiosk: false, isForkLift });
  const closeQr = useCallback(() => setQrOpen(false), []);
  const run = (kind: "label" | "check-list") => {
    setBusy(kind);
    downloadDocument(shipmentId, kind)
      .catch(notifyError)
      .finally(() => setBusy(null));
  };
  return (
    <>
      <Button variant="secondary" pending={busy === "check-list"} onPress={() => run("check-list")}>
        <Trans>Check list</Trans>
      </Button>
      <Button variant="secondary" pending={busy === "label"} onPress={() => run("label")}>
        <Trans>Print label</Trans>
      </Button>
      <Button variant="secondary" onPress={() => setFilesOpen(true)}>
        <Trans>Files</Trans>
      </Button>
      <Button variant="secondary" onPress={() => setQrOpen(true)}>
        <Trans>QR code</Trans>
      </Button>
      <AttachmentsDialog
        isOpen={filesOpen}
        onClose={() => setFilesOpen(false)}
        shipmentId={shipmentId}
        code={code}
        canEdit={canEdit}
        touch={layout === "cards"}
      />
      <QrDialog isOpen={qrOpen} onClose={closeQr} shipmentId={shipmentId} type={type} code={code} />
    </>
  );
}
