import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { Attachment } from "../../../shared/contract/documents";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { Button } from "../../ui/button";
import { presentColumns } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { imageContent } from "./api";
import styles from "./documents.module.css";
import type { QueuedFile } from "./use-attachments";

/** Loaded images by attachment id, kept while the page lives (they do not change). */
const images = new Map<number, Promise<string>>();

/** The image of attachment `id`, loaded once per page life. */
function imageOf(id: number): Promise<string> {
  let found = images.get(id);
  if (!found) {
    found = imageContent(id);
    images.set(id, found);
    found.catch(() => images.delete(id));
  }
  return found;
}

function useImage(id: number): string | null {
  return useRemoteData(String(id), () => imageOf(id), { keepPrevious: true }).data ?? null;
}

function useBlobUrl(blob: Blob): string {
  const [url] = useState(() => URL.createObjectURL(blob));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
}

export interface ItemActions {
  canEdit: boolean;
  selecting: boolean;
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  open: (view: { src: string; attachment: Attachment }) => void;
  download: (attachment: Attachment) => void;
  remove: (attachment: Attachment) => void;
}

function SelectBox({ attachment, actions }: { attachment: Attachment; actions: ItemActions }) {
  const { t } = useLingui();
  if (!actions.selecting) return null;
  return (
    <label className={styles.checkTarget}>
      <input
        type="checkbox"
        className={styles.check}
        checked={actions.selected.has(attachment.id)}
        onChange={() => actions.toggle(attachment.id)}
        aria-label={t`Select ${attachment.name}`}
      />
    </label>
  );
}

export function ImageTile({
  attachment,
  actions,
}: {
  attachment: Attachment;
  actions: ItemActions;
}) {
  const { t } = useLingui();
  const src = useImage(attachment.id);
  const selected = actions.selecting && actions.selected.has(attachment.id);
  return (
    <li className={selected ? `${styles.tile} ${styles.tileSelected}` : styles.tile}>
      <button
        type="button"
        className={styles.thumb}
        onClick={() => src && actions.open({ src, attachment })}
        aria-label={t`View ${attachment.name}`}
      >
        {src ? <img src={src} alt={attachment.description} /> : null}
      </button>
      <span className={styles.name} title={attachment.name}>
        {attachment.description}
      </span>
      <div className={styles.tileActions}>
        <SelectBox attachment={attachment} actions={actions} />
        {actions.canEdit && !actions.selecting ? (
          <DeleteButton attachment={attachment} actions={actions} />
        ) : null}
      </div>
    </li>
  );
}

/** A photo still on the device: shown from its Blob, with its state. */
export function QueuedTile({ file }: { file: QueuedFile }) {
  const url = useBlobUrl(file.row.blob);
  return (
    <li className={styles.tile}>
      <span className={styles.thumb}>
        <img src={url} alt={file.row.name} />
      </span>
      <span className={styles.name}>{file.row.name}</span>
      <QueuedState file={file} />
    </li>
  );
}

export function QueuedState({ file }: { file: QueuedFile }) {
  const { t } = useLingui();
  if (file.progress) {
    const percent = file.progress.total
      ? Math.round((file.progress.loaded / file.progress.total) * 100)
      : 0;
    return (
      <progress max={100} value={percent} aria-label={t`Uploading ${file.row.name}`}>
        {percent}%
      </progress>
    );
  }
  return (
    <span className={styles.badge}>
      {navigator.onLine ? <Trans>Waiting to upload</Trans> : <Trans>Waiting for network</Trans>}
    </span>
  );
}

const sizeOf = (bytes: number) =>
  bytes >= 1_048_576
    ? `${(bytes / 1_048_576).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function DocumentsTable({
  documents,
  queued,
  actions,
}: {
  documents: Attachment[];
  queued: QueuedFile[];
  actions: ItemActions;
}) {
  const { t } = useLingui();
  // Files still on the device first (their upload state as actions), then the stored ones.
  const rows: DocumentRow[] = [
    ...queued.map(
      (file): DocumentRow => ({
        key: file.row.mutationId,
        name: file.row.name,
        description: file.row.description,
        size: file.row.size,
        file,
      }),
    ),
    ...documents.map(
      (attachment): DocumentRow => ({
        key: attachment.id,
        name: attachment.name,
        description: attachment.description,
        size: attachment.size,
        attachment,
      }),
    ),
  ];
  return (
    <ListTable
      rows={rows}
      rowKey={(row) => row.key}
      className={styles.table}
      wrapClassName={null}
      columns={presentColumns<DocumentRow, string>([
        actions.selecting && {
          id: "select",
          header: t`Select`,
          cell: (row) =>
            row.attachment ? <SelectBox attachment={row.attachment} actions={actions} /> : null,
        },
        { id: "name", header: t`Name`, className: styles.name, cell: (row) => row.name },
        {
          id: "description",
          header: t`Description`,
          // A queued file without a description shows its name (as its tile does).
          cell: (row) => (row.file ? row.description || row.name : row.description),
        },
        { id: "size", header: t`Size`, className: styles.number, cell: (row) => sizeOf(row.size) },
        {
          id: "actions",
          header: t`Actions`,
          cell: (row) =>
            row.attachment ? (
              <AttachmentActions attachment={row.attachment} actions={actions} />
            ) : row.file ? (
              <QueuedState file={row.file} />
            ) : null,
        },
      ])}
    />
  );
}

interface DocumentRow {
  key: string | number;
  name: string;
  description: string;
  size: number;
  file?: QueuedFile;
  attachment?: Attachment;
}

function AttachmentActions({
  attachment,
  actions,
}: {
  attachment: Attachment;
  actions: ItemActions;
}) {
  const { t } = useLingui();
  return (
    <>
      <Button
        variant="ghost"
        onPress={() => actions.download(attachment)}
        aria-label={t`Download ${attachment.name}`}
      >
        <Trans>Download</Trans>
      </Button>
      {actions.canEdit ? <DeleteButton attachment={attachment} actions={actions} /> : null}
    </>
  );
}

function DeleteButton({ attachment, actions }: { attachment: Attachment; actions: ItemActions }) {
  const { t } = useLingui();
  return (
    <Button
      variant="ghost"
      onPress={() => actions.remove(attachment)}
      aria-label={t`Delete ${attachment.name}`}
    >
      <Trans>Delete</Trans>
    </Button>
  );
}
