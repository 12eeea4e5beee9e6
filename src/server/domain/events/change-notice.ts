import { z } from "zod";
import { CHANGE_ENTITIES } from "../../../shared/change-cursor";
import type { LiveSlice } from "../changes/live-slice";

/**
 * What the database's change notifications carry and who hears them: plugins/change-hub.ts
 * LISTENs and hands each notice to live-rows.ts, which reads the changed rows once and hands
 * them to the subscribers (the live-events streams of live-stream.ts).
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
  /** The transaction that wrote it (migration 0027; absent from older triggers). */
  xid: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});
export type ChangeNotice = z.infer<typeof ChangeNoticeSchema>;

export interface ChangeSubscriber {
  /** The company whose notices it hears. */
  company: number;
  /** A change told by ids (no slice could carry it: too many rows, or it waited too long). */
  notice(notice: ChangeNotice): void;
  /** The company's changes read once for every stream (live-rows.ts); empty ones are not sent. */
  slice(slice: LiveSlice): void;
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
