import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Attachment } from "../../../shared/contract/documents";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { downloadFile, saveBlob } from "../../lib/download";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { OfflineMarker } from "../../ui/list/offline-marker";
import { Modal } from "../../ui/modal";
import { deleteAttachment, mailStatus } from "./api";
import { DocumentsTable, ImageTile, type ItemActions, QueuedTile } from "./attachment-items";
import styles from "./documents.module.css";
import { SendBar, type SendMode } from "./send-bar";
import { UploadZone } from "./upload-zone";
import { useAttachments } from "./use-attachments";

export interface AttachmentsDialogProps {
  isOpen: boolean;
  onClose: () => void;
  shipmentId: number;
  code: string;
  /** The form's canEdit: upload and delete (the server checks the same right). */
  canEdit: boolean;
  touch: boolean;
}

/** The line's files (spec section 2, "Attachments dialog"). */
export function AttachmentsDialog(props: AttachmentsDialogProps) {
  const { isOpen, onClose, shipmentId, code, canEdit, touch } = props;
  const { t } = useLingui();
  const { attachments, queued, offline, reload } = useAttachments(shipmentId, isOpen);
  const [mode, setMode] = useState<SendMode | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [full, setFull] = useState<{ src: string; attachment: Attachment } | null>(null);
  const [doomed, setDoomed] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState(false);
  // Asked at each opening; unknown (null) when it cannot be asked.
  const mail = useRemoteData(isOpen ? "mail" : null, mailStatus, { keepPrevious: true });
  const mailEnabled = mail.error ? null : (mail.data ?? null);

  const download = (attachment: Attachment) =>
    downloadFile(`api/attachment/${attachment.id}/download`, attachment.name).then(
      (file) => saveBlob(file.blob, attachment.name),
      notifyError,
    );
  const actions: ItemActions = {
    canEdit,
    selecting: mode !== null,
    selected,
    toggle: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    open: setFull,
    download: (attachment) => void download(attachment),
    remove: setDoomed,
  };
  const toggleMode = (next: SendMode) => {
    setSelected(new Set());
    setMode((current) => (current === next ? null : next));
  };
  const handleDelete = async () => {
    if (!doomed) return;
    setDeleting(true);
    try {
      await deleteAttachment(doomed.id);
      notify("success", t`Files`, t`Deleted`);
      reload();
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(false);
      setDoomed(null);
    }
  };

  const images = (attachments ?? []).filter((a) => a.is_image);
  const documents = (attachments ?? []).filter((a) => !a.is_image);
  const queuedImages = queued.filter((file) => file.isImage);
  const queuedDocuments = queued.filter((file) => !file.isImage);
  return (
    <Modal
      title={t`Files of ${code}`}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="wide"
    >
      <div className={styles.body}>
        {offline ? <OfflineMarker updatedAt={null} /> : null}
        {canEdit ? <UploadZone shipment={shipmentId} touch={touch} /> : null}
        <div className={styles.actions}>
          <Button
            variant={mode === "zip" ? "primary" : "secondary"}
            onPress={() => toggleMode("zip")}
          >
            <Trans>Download as zip</Trans>
          </Button>
          <Button
            variant={mode === "mail" ? "primary" : "secondary"}
            onPress={() => toggleMode("mail")}
          >
            <Trans>Send by e-mail</Trans>
          </Button>
        </div>
        {mode ? (
          <SendBar
            mode={mode}
            shipment={shipmentId}
            attachments={attachments ?? []}
            selected={selected}
            mailEnabled={mailEnabled}
            onDone={() => setMode(null)}
          />
        ) : null}
        {attachments === null ? <LoadingIndicator /> : null}
        <h3 className={styles.sectionTitle}>
          <Trans>Images</Trans>
        </h3>
        {images.length + queuedImages.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No images yet</Trans>
          </p>
        ) : (
          <ul className={styles.gallery} aria-label={t`Images`}>
            {queuedImages.map((file) => (
              <QueuedTile key={file.row.mutationId} file={file} />
            ))}
            {images.map((attachment) => (
              <ImageTile key={attachment.id} attachment={attachment} actions={actions} />
            ))}
          </ul>
        )}
        <h3 className={styles.sectionTitle}>
          <Trans>Documents</Trans>
        </h3>
        {documents.length + queuedDocuments.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No documents yet</Trans>
          </p>
        ) : (
          <DocumentsTable documents={documents} queued={queuedDocuments} actions={actions} />
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onPress={onClose}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </div>
      <Modal
        title={full?.attachment.description ?? ""}
        isOpen={full !== null}
        onOpenChange={(open) => (open ? undefined : setFull(null))}
        size="wide"
      >
        {full ? (
          <div className={styles.full}>
            <img src={full.src} alt={full.attachment.description} />
            <div className={styles.actions}>
              <Button variant="secondary" onPress={() => setFull(null)}>
                <Trans>Close</Trans>
              </Button>
              <Button onPress={() => void download(full.attachment)}>
                <Trans>Download</Trans>
              </Button>
            </div>
          </div>
        ) : null}
      </Modal>
      <ConfirmDialog
        isOpen={doomed !== null}
        message={t`Are you sure you want to DELETE the file?`}
        detail={doomed?.name}
        isBusy={deleting}
        onConfirm={() => void handleDelete()}
        onCancel={() => setDoomed(null)}
      />
    </Modal>
  );
}
