import type { Alert } from "../../../shared/contract/alerts";
import type { AlertListRow } from "./repository";

/** An alert image as the kiosk walls list it; the picture itself is api/alerts/{id}/media. */
export const presentAlert = (row: AlertListRow): Alert => ({
  id: row.id,
  type: { description: row.description, media: `api/alerts/${row.id}/media` },
  content_type: row.contentType,
  size: row.size,
  created: row.createdAt.toISOString(),
});
