import { z } from "zod";
import { CHANGE_ENTITIES } from "../../../shared/change-cursor";

/**
 * What the database's change notifications carry and who hears them: plugins/change-hub.ts
 * LISTENs and hands each notice to the subscribers (the live-events streams of live-stream.ts).
 */
export const CHANGES_CHANNEL = "yardline_changes";

const IdList = z.array(z.number().int()).nullable();

export const ChangeNoticeSchema = z.object({
  company: z.number().int(),
  entity: z.enum(CHANGE_ENTITIES),
  /** null: too many to list. */
  ids: IdList,
  /** Shipments: clients of the changed lines (null: too many to list). */
  clients: IdList.optional(),
  /** Shipments: their types. */
  types: z.array(z.number().int()).optional(),
});
export type ChangeNotice = z.infer<typeof ChangeNoticeSchema>;

export interface ChangeSubscriber {
  notice(notice: ChangeNotice): void;
  /** Notifications may have been lost (the LISTEN connection dropped and came back). */
  gap(): void;
  /** The server is closing. */
  close(): void;
}

export interface ChangeHub {
  subscribe(subscriber: ChangeSubscriber): () => void;
  /** Subscribers now: the open live-events streams of this instance (GET /metrics). */
  size(): number;
}
