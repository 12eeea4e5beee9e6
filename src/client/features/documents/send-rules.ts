import {
  type Attachment,
  type AttachmentScope,
  recipientsOf,
  SIMPLE_EMAIL,
} from "../../../shared/contract/documents";

const SEND_NOTICES = ["no_email", "invalid_email", "no_images", "no_files"] as const;

/** The spec's notices (a warning, not an error), checked here and again by the server. */
export type SendNotice = (typeof SEND_NOTICES)[number];

export const isSendNotice = (code: string): code is SendNotice =>
  (SEND_NOTICES as readonly string[]).includes(code);

/** The attachments a zip or mail takes: the selection (if any) within the scope. */
export function chosenAttachments(
  all: readonly Attachment[],
  scope: AttachmentScope,
  selected: ReadonlySet<number>,
): Attachment[] {
  const inScope = all.filter((a) =>
    scope === "all" ? true : scope === "images" ? a.is_image : !a.is_image,
  );
  return selected.size === 0 ? inScope : inScope.filter((a) => selected.has(a.id));
}

/** Spec section 5: what is wrong with a zip (no recipients) or a mail; empty when fine. */
export function sendNotices(
  chosen: readonly Attachment[],
  scope: AttachmentScope,
  recipients: string | null,
): SendNotice[] {
  if (recipients !== null) {
    const list = recipientsOf(recipients);
    if (list.length === 0) return ["no_email"];
    if (list.some((address) => !SIMPLE_EMAIL.test(address))) return ["invalid_email"];
  }
  const images = chosen.filter((a) => a.is_image).length;
  const files = chosen.length - images;
  if (scope === "images" && images === 0) return ["no_images"];
  if (scope === "documents" && files === 0) return ["no_files"];
  if (scope === "all" && chosen.length === 0) return ["no_images", "no_files"];
  return [];
}
