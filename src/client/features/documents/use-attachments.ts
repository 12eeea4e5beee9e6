import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { Attachment } from "../../../shared/contract/documents";
import { IMAGE_TYPES } from "../../../shared/contract/documents";
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
  const [attachments, setAttachments] = useState<Attachment[] | null>(null);
  const [offline, setOffline] = useState(false);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    void generation;
    listAttachments(shipment).then(
      (rows) => {
        if (!live) return;
        setAttachments(rows);
        setOffline(false);
      },
      (error: unknown) => {
        if (!live) return;
        if (isTransient(error)) setOffline(true);
        else notifyError(error);
        setAttachments((current) => current ?? []);
      },
    );
    return () => {
      live = false;
    };
  }, [shipment, isOpen, generation]);

  useEffect(
    () =>
      onUploaded((row) => {
        if (row.shipment === shipment) reload();
      }),
    [shipment, reload],
  );

  const rows = useLiveQuery(
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
