import { z } from "zod";
import { CHANGE_ENTITIES, parseCursor } from "../change-cursor";
import { CriticalLine } from "./critical-lines";
import { text } from "./fields";
import { MAX_PAGE_SIZE } from "./paging";
import { Shipment } from "./shipments";
import { Shipper } from "./trucks";

/**
 * The change feed (GET /api/changes) and the live-events stream (GET /api/events). The cursor
 * is opaque to the client (its format: src/shared/change-cursor.ts).
 */
export const ChangeCursor = text(80, { trim: false }).refine(
  (value) => parseCursor(value) !== undefined,
  {
    message: "Not a cursor of this feed",
  },
);

/**
 * The most the lists allow (MAX_PAGE_SIZE): a catch-up of 10,000 changes is 10 answers, not
 * 20, and each answer's fixed work (snapshot, change-log range, three row reads) is paid half
 * as often (issue 30). The app asks without a limit.
 */
export const CHANGES_DEFAULT_LIMIT = MAX_PAGE_SIZE;

export const ChangesQuery = z.object({
  since: ChangeCursor.optional().describe(
    "The cursor of the previous answer; absent: start of the working window (a full run)",
  ),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(CHANGES_DEFAULT_LIMIT)
    .describe("Changes examined per answer (rows returned may be fewer)"),
});
export type ChangesQuery = z.infer<typeof ChangesQuery>;

export const Changes = z.object({
  /** Send it back as `since`; the same cursor always answers the same or newer changes. */
  cursor: z.string(),
  /** More changes wait: ask again at once with `cursor`. */
  more: z.boolean(),
  /** A full run (since absent or a full cursor): deletions are not listed. */
  full: z.boolean(),
  /** The working window the shipments were chosen by (ISO instants, until exclusive). */
  window: z.object({ from: z.string(), until: z.string() }),
  shippers: z.array(Shipper),
  shipments: z.array(Shipment),
  /** Critical lines (seeCriticalLines): a full run lists those not ended before the window. */
  critical_lines: z.array(CriticalLine).optional(),
  deleted: z.object({
    shippers: z.array(z.number().int()),
    shipments: z.array(z.number().int()),
    critical_lines: z.array(z.number().int()).optional(),
  }),
});
export type Changes = z.infer<typeof Changes>;

/**
 * Data of an `event: change` frame. ids may be empty: many rows changed at once, or the
 * caller is limited to some clients (the stream then says only that something changed), or
 * the server lost notifications (entity "shipment" and "shipper" both come, ids empty).
 */
export const LiveChange = z.object({
  entity: z.enum(CHANGE_ENTITIES),
  ids: z.array(z.number().int()),
});
export type LiveChange = z.infer<typeof LiveChange>;
