import type { FastifyBaseLogger } from "fastify";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import {
  type AttachmentMailRequest,
  recipientsOf,
  SIMPLE_EMAIL,
} from "../../../shared/contract/documents";
import type { AuthContext } from "../../auth/context";
import type { Db } from "../../db/database";
import { errors } from "../../errors";
import { MailDisabledError, type Mailer } from "../../services/mail/mailer";
import type { FileStorage } from "../../services/storage/file-storage";
import { textsFor } from "../../texts";
import {
  attachmentErrors,
  attachmentsIn,
  emptyScopeError,
  shipmentFor,
  uniqueNames,
} from "./attachment-service";

/** Largest total of attachments one mail carries (mail servers refuse much more). */
export const MAIL_MAX_BYTES = 20 * 1_048_576;

/** The spec's checks on the recipients: required (no_email), each text@text.text (invalid_email). */
export function checkRecipients(mail: AttachmentMailRequest["mail"]): string[] {
  const recipients = Array.isArray(mail)
    ? mail.flatMap((each) => recipientsOf(each))
    : recipientsOf(mail);
  if (recipients.length === 0) {
    throw attachmentErrors.notice("no_email", "Write at least one e-mail address");
  }
  const wrong = recipients.filter((address) => !SIMPLE_EMAIL.test(address));
  if (wrong.length > 0) {
    throw attachmentErrors.notice("invalid_email", `Not an e-mail address: ${wrong.join(", ")}`);
  }
  return [...new Set(recipients)].slice(0, 20);
}

export async function sendAttachmentMail(
  db: Db,
  auth: AuthContext,
  body: {
    shipment: number;
    mail: AttachmentMailRequest["mail"];
    scope: "images" | "documents" | "all";
    ids?: number[] | undefined;
    language: "en" | "es" | "pt" | "mx";
  },
  deps: { mailer: Mailer; storage: FileStorage; log: FastifyBaseLogger },
) {
  const recipients = checkRecipients(body.mail);
  const view = await shipmentFor(db, auth, body.shipment, "view");
  const rows = await attachmentsIn(db, auth.company.id, body.shipment, body.scope, body.ids);
  if (rows.length === 0) throw emptyScopeError(body.scope);
  if (!deps.mailer.enabled) throw attachmentErrors.mailDisabled();
  const total = rows.reduce((sum, row) => sum + row.size, 0);
  if (total > MAIL_MAX_BYTES) throw errors.payloadTooLarge();
  const texts = textsFor(body.language);
  const kind =
    view.shipment.type === SHIPMENT_TYPE.reception
      ? texts.documents.reception
      : texts.documents.expedition;
  const code = view.shipment.code || String(view.shipment.id);
  const names = uniqueNames(rows);
  try {
    await deps.mailer.send({
      to: recipients,
      subject: texts.attachmentMail.subject(kind, code),
      text: texts.attachmentMail.body(kind, code, rows.length),
      ...(auth.user.email ? { replyTo: auth.user.email } : {}),
      attachments: rows.map((row, index) => ({
        filename: names[index] ?? `file-${row.id}`,
        content: deps.storage.read(row.storageKey),
        contentType: row.contentType,
      })),
    });
  } catch (error) {
    if (error instanceof MailDisabledError) throw attachmentErrors.mailDisabled();
    deps.log.warn({ err: error }, "attachment mail refused");
    throw attachmentErrors.mailFailed();
  }
  return { message: "mail_sent" as const, recipients, attachments: rows.length };
}
