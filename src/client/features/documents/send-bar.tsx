import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Attachment, AttachmentScope } from "../../../shared/contract/documents";
import { downloadFile, saveBlob } from "../../lib/download";
import { codeText } from "../../lib/error-messages";
import { ApiError } from "../../lib/errors";
import { currentLocale } from "../../lib/i18n";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { SelectField } from "../../ui/fields/select-field";
import { TextField } from "../../ui/fields/text-field";
import { mailAttachments, zipPath } from "./api";
import styles from "./documents.module.css";
import { chosenAttachments, isSendNotice, sendNotices } from "./send-rules";

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
  const { t, i18n } = useLingui();
  const [scope, setScope] = useState<AttachmentScope>("all");
  const [recipients, setRecipients] = useState("");
  const [busy, setBusy] = useState(false);
  // The notices' and mail refusals' words: the one error-text table (lib/error-messages.ts).
  const text = (code: string) => codeText(code, i18n) ?? code;

  const run = async () => {
    const chosen = chosenAttachments(attachments, scope, selected);
    const notices = sendNotices(chosen, scope, mode === "mail" ? recipients : null);
    if (notices.length > 0) {
      notify("warning", t`Warning`, notices.map(text));
      return;
    }
    setBusy(true);
    try {
      const ids = selected.size > 0 ? chosen.map((a) => a.id) : undefined;
      if (mode === "zip") {
        const name = `attachments-${shipment}.zip`;
        saveBlob((await downloadFile(zipPath(shipment, scope, ids), name)).blob, name);
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
      if (isSendNotice(code)) notify("warning", t`Warning`, text(code));
      else if (code === "mail_disabled" || code === "mail_failed") {
        notify("error", t`Error`, text(code));
      } else notifyError(error);
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
