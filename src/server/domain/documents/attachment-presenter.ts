import type { Attachment } from "../../../shared/contract/documents";
import type { AttachmentRow } from "./attachment-repository";

export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    shipment: row.shipmentId,
    company: row.companyId,
    name: row.name,
    description: row.description,
    is_image: row.isImage,
    content_type: row.contentType,
    size: row.size,
    created: row.createdAt.toISOString(),
  };
}
