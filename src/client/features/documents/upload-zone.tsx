import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { useDropzone } from "react-dropzone";
import { notify, notifyError } from "../../lib/notices";
import { currentAuthor } from "../../offline/sync-engine";
import { enqueueUpload, StorageFullError } from "../../offline/uploads";
import { Button } from "../../ui/button";
import styles from "./documents.module.css";

export interface UploadZoneProps {
  shipment: number;
  /** Tablets and phones: a "take photo" button opens the camera. */
  touch: boolean;
}

/**
 * Drag and drop or pick several files, or take a photo: each is queued on the device first
 * (an outbox entry with its bytes, so nothing is lost offline) and sent by the replayer, which
 * reports its progress; a file the server refuses is listed in the sync issues.
 */
export function UploadZone({ shipment, touch }: UploadZoneProps) {
  const { t } = useLingui();
  const camera = useRef<HTMLInputElement>(null);

  const add = async (files: readonly File[]) => {
    const author = currentAuthor();
    if (!author) return;
    for (const file of files) {
      try {
        await enqueueUpload(shipment, file, author);
      } catch (error) {
        if (error instanceof StorageFullError) {
          notify("warning", t`Warning`, t`Not enough space on this device for ${file.name}`);
          return;
        }
        notifyError(error);
        return;
      }
    }
    if (files.length > 0) {
      notify(
        "success",
        t`Files`,
        navigator.onLine ? t`Saved` : t`Saved on this device: it is sent when the network is back`,
      );
    }
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => void add(accepted),
    multiple: true,
    noClick: true,
    noKeyboard: true,
  });

  return (
    <div
      {...getRootProps({
        className: isDragActive ? `${styles.drop} ${styles.dropActive}` : styles.drop,
      })}
    >
      <input {...getInputProps({ "aria-label": t`Choose files` })} />
      <p className={styles.empty}>
        <Trans>Drop files here</Trans>
      </p>
      <div className={styles.pickers}>
        <Button variant="secondary" onPress={open}>
          <Trans>Choose files</Trans>
        </Button>
        {touch ? (
          <>
            <Button variant="primary" onPress={() => camera.current?.click()}>
              <Trans>Take photo</Trans>
            </Button>
            <input
              ref={camera}
              className={styles.hiddenInput}
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={t`Take photo`}
              onChange={(event) => {
                const files = [...(event.currentTarget.files ?? [])];
                event.currentTarget.value = "";
                void add(files);
              }}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
