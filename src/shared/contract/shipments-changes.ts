import { z } from "zod";
import { IdempotencyKey } from "./idempotency";
import { QueryId } from "./paging";

/** Most changes one batch may carry. */
export const SHIPMENT_CHANGES_MAX = 100;

export const SHIPMENT_PATHS = ["expedition", "reception"] as const;
export type ShipmentPath = (typeof SHIPMENT_PATHS)[number];

/**
 * One queued status or reason change, as the device would send it alone: PATCH
 * /api/{type}/{id} with `body`, Idempotency-Key `key` and If-Match of `version`.
 */
export const ShipmentChange = z.object({
  key: IdempotencyKey.describe("The change's Idempotency-Key (1..200 printable ASCII)"),
  type: z.enum(SHIPMENT_PATHS),
  id: z.number().int().positive().max(2_147_483_647), // int4: larger is a 400, not a 500
  version: z.number().int().nonnegative().describe("The version the change was made on (If-Match)"),
  body: z
    .union([
      z.object({ status: QueryId }).strict(),
      z.object({ reason: z.string().trim().min(1).max(40).nullable() }).strict(),
    ])
    .describe("{status} or {reason}, as in PATCH /api/{type}/{id}"),
});
export type ShipmentChange = z.infer<typeof ShipmentChange>;

export const ShipmentChangesRequest = z
  .object({ changes: z.array(ShipmentChange).min(1).max(SHIPMENT_CHANGES_MAX) })
  .refine(
    (batch) => new Set(batch.changes.map((change) => change.id)).size === batch.changes.length,
    {
      message: "A line may appear once per batch",
      path: ["changes"],
    },
  )
  .refine(
    (batch) => new Set(batch.changes.map((change) => change.key)).size === batch.changes.length,
    {
      message: "Each change needs its own key",
      path: ["changes"],
    },
  );
export type ShipmentChangesRequest = z.infer<typeof ShipmentChangesRequest>;

/** What PATCH /api/{type}/{id} would have answered: its status and body (line or error). */
export const ShipmentChangeAnswer = z.object({
  key: z.string(),
  status: z.number().int(),
  body: z.unknown(),
});
export type ShipmentChangeAnswer = z.infer<typeof ShipmentChangeAnswer>;

export const ShipmentChangesResponse = z.object({ results: z.array(ShipmentChangeAnswer) });
export type ShipmentChangesResponse = z.infer<typeof ShipmentChangesResponse>;
