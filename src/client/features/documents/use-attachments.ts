import { useEffect, useRef, useSyncExternalStore } from "react";
import type { Attachment } from "../../../shared/contract/documents";
import { IMAGE_TYPES } from "../../../shared/contract/documents";
import { useMirrorQuery } from "../../lib/data-hooks/use-mirror-query";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { isTransient } from "../../lib/errors";
import { notifyError } from "../../lib/notices";
import type { OutboxRow, UploadPart } from "../../offline/db";
import {
  queuedUploads,
  subscribeUploadProgress,
  type UploadProgress,
  uploadProgressOf,
} from "../../offline/uploads";
import { listAttachments } from "./api";

const NONE: Attachment[] = [];

/** A file still on the device, waiting for the network or being sent. */
export interface QueuedFile {
  /** The file as queued in the outbox, with its upload's mutation id. */
  row: UploadPart & { mutationId: string };
  isImage: boolean;
  progress: UploadProgress | undefined;
}

export interface AttachmentsState {
  /** The server's attachments (null until the first answer). */
  attachments: Attachment[] | null;
  queued: QueuedFile[];
  offline: boolean;
  reload: () => void;
}

/**
 * A line's attachments: the server's list, and the files queued on this device for it (shown
 * at once, with their upload progress); the list reloads when one of them arrives.
 */
export function useAttachments(shipment: number, isOpen: boolean): AttachmentsState {
  const list = useRemoteData(isOpen ? String(shipment) : null, () => listAttachments(shipment), {
    keepPrevious: true,
    onError: (error) => {
      if (!isTransient(error)) notifyError(error);
    },
  });
  const attachments = list.data ?? (list.error ? NONE : null);
  const offline = list.isOffline;
  const { reload } = list;

  const rows = useMirrorQuery(() => queuedUploads(shipment), [shipment], [] as OutboxRow[]);
  useReloadWhenSent(rows, reload);
  useSyncExternalStore(subscribeUploadProgress, progressVersion, progressVersion);
  const queued = rows.flatMap(({ mutationId, upload }) =>
    upload
      ? [
          {
            row: { ...upload, mutationId },
            isImage: (IMAGE_TYPES as readonly string[]).includes(upload.type),
            progress: uploadProgressOf(mutationId),
          },
        ]
      : [],
  );
  return { attachments, queued, offline, reload };
}

/**
 * The server's list is read again when a queued file leaves the outbox (the server stored it,
 * or refused it: then it is in the sync issues).
 */
function useReloadWhenSent(rows: readonly OutboxRow[], reload: () => void): void {
  const seen = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set(rows.map((row) => row.mutationId));
    const left = [...seen.current].some((id) => !now.has(id));
    seen.current = now;
    if (left) void reload();
  }, [rows, reload]);
}

let version = 0;
subscribeUploadProgress(() => {
  version += 1;
});
function progressVersion() {
  return version;
}
