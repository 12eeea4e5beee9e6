import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Attachment, AttachmentScope } from "../../../shared/contract/documents";
import { ApiError } from "../../lib/errors";
import { currentLocale } from "../../lib/i18n";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { SelectField } from "../../ui/fields/select-field";
import { TextField } from "../../ui/fields/text-field";
import { fetchBlob, fileNameOf, mailAttachments, saveBlob, zipPath } from "./api";
import styles from "./documents.module.css";
import { chosenAttachments, type SendNotice, sendNotices } from "./send-rules";

export type SendMode = "zip" | "mail";

export interface SendBarProps {
  mode: SendMode;
  shipment: number;
  attachments: Attachment[];
  selected: ReadonlySet<number>;
  mailEnabled: boolean | null;
  onDone: () => void;
}

/** Selection mode: the scope, the recipients (mail), and the zip download or the mail. */
export function SendBar({
  mode,
  shipment,
  attachments,
  selected,
  mailEnabled,
  onDone,
}: SendBarProps) {
  const { t } = useLingui();
  const [scope, setScope] = useState<AttachmentScope>("all");
  const [recipients, setRecipients] = useState("");
  const [busy, setBusy] = useState(false);
  const texts: Record<SendNotice, string> = {
    no_email: t`Write at least one e-mail address`,
    invalid_email: t`Invalid email`,
    no_images: t`There are no images`,
    no_files: t`There are no files`,
  };

  const run = async () => {
    const chosen = chosenAttachments(attachments, scope, selected);
    const notices = sendNotices(chosen, scope, mode === "mail" ? recipients : null);
    if (notices.length > 0) {
      notify(
        "warning",
        t`Warning`,
        notices.map((notice) => texts[notice]),
      );
      return;
    }
    setBusy(true);
    try {
      const ids = selected.size > 0 ? chosen.map((a) => a.id) : undefined;
      if (mode === "zip") {
        const blob = await fetchBlob(zipPath(shipment, scope, ids));
        saveBlob(blob, fileNameOf(null, `attachments-${shipment}.zip`));
        notify("success", t`Files`, t`File zip downloaded successfully`);
      } else {
        await mailAttachments({
          shipment,
          mail: recipients,
          scope,
          ids,
          language: currentLocale(),
        });
        notify("success", t`Files`, t`Email sent successfully`);
      }
      onDone();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "";
      if (code in texts) notify("warning", t`Warning`, texts[code as SendNotice]);
      else if (code === "mail_disabled") notify("error", t`Error`, t`Mail is off on this server`);
      else if (code === "mail_failed")
        notify("error", t`Error`, t`The mail server did not accept the message`);
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.selectionBar}>
      <p className={styles.empty} style={{ flexBasis: "100%" }}>
        {selected.size > 0 ? (
          <Trans>{selected.size} selected</Trans>
        ) : (
          <Trans>Nothing selected: every file of the scope goes</Trans>
        )}
      </p>
      <SelectField
        label={t`Scope`}
        value={scope}
        onChange={(next) => setScope(next as AttachmentScope)}
        options={[
          { value: "all", label: t`All` },
          { value: "images", label: t`Images` },
          { value: "documents", label: t`Documents` },
        ]}
      />
      {mode === "mail" ? (
        <TextField
          label={t`E-mail addresses, separated by commas`}
          inputMode="email"
          value={recipients}
          onChange={setRecipients}
        />
      ) : null}
      {mode === "mail" && mailEnabled === false ? (
        <p role="status" className={styles.badge}>
          <Trans>Mail is off on this server</Trans>
        </p>
      ) : null}
      <Button variant="secondary" onPress={onDone} isDisabled={busy}>
        <Trans>Cancel</Trans>
      </Button>
      <Button
        pending={busy}
        isDisabled={mode === "mail" && mailEnabled === false}
        onPress={() => void run()}
      >
        {mode === "zip" ? <Trans>Download zip</Trans> : <Trans>Send e-mail</Trans>}
      </Button>
    </div>
  );
}
