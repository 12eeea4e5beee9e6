import { useEffect, useSyncExternalStore } from "react";
import type { Attachment } from "../../../shared/contract/documents";
import { IMAGE_TYPES } from "../../../shared/contract/documents";
import { useMirrorQuery } from "../../lib/data-hooks/use-mirror-query";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { isTransient } from "../../lib/errors";
import { notifyError } from "../../lib/notices";
import { db, type UploadRow } from "../../offline/db";
import {
  onUploaded,
  subscribeUploadProgress,
  type UploadProgress,
  uploadProgressOf,
} from "../../offline/upload-queue";
import { listAttachments } from "./api";

const NONE: Attachment[] = [];

/** A file still on the device, waiting for the network or being sent. */
export interface QueuedFile {
  row: UploadRow;
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

  useEffect(
    () =>
      onUploaded((row) => {
        if (row.shipment === shipment) void reload();
      }),
    [shipment, reload],
  );

  const rows = useMirrorQuery(
    () => db.uploads.where("shipment").equals(shipment).sortBy("seq"),
    [shipment],
    [] as UploadRow[],
  );
  useSyncExternalStore(subscribeUploadProgress, progressVersion, progressVersion);
  const queued = rows.map((row) => ({
    row,
    isImage: (IMAGE_TYPES as readonly string[]).includes(row.type),
    progress: uploadProgressOf(row.mutationId),
  }));
  return { attachments, queued, offline, reload };
}

let version = 0;
subscribeUploadProgress(() => {
  version += 1;
});
function progressVersion() {
  return version;
}
