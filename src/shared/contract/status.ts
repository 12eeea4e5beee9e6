import { z } from "zod";
import { SHIPMENT_TYPE } from "../constants";
import { QueryId } from "./fields";

/**
 * Shipment statuses and their reasons (spec sections 3, 4 and 9). The ids are the spec's; the
 * database holds the same rows (migration 0002_shipments) and a test keeps both equal. Each
 * `description` is a key of the translation catalogue's status labels.
 *
 * Expeditions (type 1), in their default order:
 *
 * | id  | description    | meaning                                              | colour  |
 * |-----|----------------|------------------------------------------------------|---------|
 * | 998 | in_preparation | new expedition (the default), goods being prepared   | #9e9e9e |
 * | 10  | ready          | goods prepared, waiting for the truck                | #2196f3 |
 * | 1   | ready_to_sent  | loaded, ready to be sent                             | #3f51b5 |
 * | 3   | dispached      | issued / dispatched (kl hides it unless show_issued) | #009688 |
 * | 2   | sent           | sent: the truck has left                             | #4caf50 |
 * | 4   | revision       | expedition incidence, under revision                 | #f44336 |
 * | 11  | cancelled      | cancelled                                            | #607d8b |
 * | 7   | delay          | delay incidence (reasons shipper/preparation/package)| #ff9800 |
 * | 13  | attention_req  | bw's special status: its list offers it, applied on  | #e91e63 |
 * |     |                | the device only (spec section 4); other companies    |         |
 * |     |                | never see it                                         |         |
 *
 * Receptions (type 2):
 *
 * | id  | description    | meaning                                              | colour  |
 * |-----|----------------|------------------------------------------------------|---------|
 * | 999 | sent           | announced by the sender (the default), on its way    | #9e9e9e |
 * | 5   | in_progress    | being unloaded                                       | #2196f3 |
 * | 6   | received       | received and checked                                 | #4caf50 |
 * | 8   | revision       | reception incidence, under revision                  | #f44336 |
 * | 12  | delay          | delay incidence (reasons shipper/package delay)      | #ff9800 |
 * | 9   | cancelled      | cancelled                                            | #607d8b |
 *
 * Incidence statuses (BI's incidences): 4 and 7 for expeditions, 8 and 12 for receptions.
 */
export const SHIPMENT_TYPES = [SHIPMENT_TYPE.expedition, SHIPMENT_TYPE.reception] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];

export const STATUS_LABELS = [
  "in_preparation",
  "ready_to_sent",
  "sent",
  "dispached",
  "received",
  "ready",
  "revision",
  "cancelled",
  "attention_req",
  "in_progress",
  "delay",
] as const;
export type StatusLabel = (typeof STATUS_LABELS)[number];

export interface StatusDefinition {
  id: number;
  type: ShipmentType;
  description: StatusLabel;
  color: string;
  /** Default order within the type. */
  ordering: number;
  /** An incidence (counted by BI's incidences metric). */
  incidence: boolean;
}

const E = SHIPMENT_TYPE.expedition;
const R = SHIPMENT_TYPE.reception;

export const STATUSES: readonly StatusDefinition[] = [
  {
    id: 998,
    type: E,
    description: "in_preparation",
    color: "#9e9e9e",
    ordering: 1,
    incidence: false,
  },
  { id: 10, type: E, description: "ready", color: "#2196f3", ordering: 2, incidence: false },
  { id: 1, type: E, description: "ready_to_sent", color: "#3f51b5", ordering: 3, incidence: false },
  { id: 3, type: E, description: "dispached", color: "#009688", ordering: 4, incidence: false },
  { id: 2, type: E, description: "sent", color: "#4caf50", ordering: 5, incidence: false },
  { id: 4, type: E, description: "revision", color: "#f44336", ordering: 6, incidence: true },
  { id: 11, type: E, description: "cancelled", color: "#607d8b", ordering: 7, incidence: false },
  { id: 7, type: E, description: "delay", color: "#ff9800", ordering: 8, incidence: true },
  {
    id: 13,
    type: E,
    description: "attention_req",
    color: "#e91e63",
    ordering: 9,
    incidence: false,
  },
  { id: 999, type: R, description: "sent", color: "#9e9e9e", ordering: 1, incidence: false },
  { id: 5, type: R, description: "in_progress", color: "#2196f3", ordering: 2, incidence: false },
  { id: 6, type: R, description: "received", color: "#4caf50", ordering: 3, incidence: false },
  { id: 8, type: R, description: "revision", color: "#f44336", ordering: 4, incidence: true },
  { id: 12, type: R, description: "delay", color: "#ff9800", ordering: 5, incidence: true },
  { id: 9, type: R, description: "cancelled", color: "#607d8b", ordering: 6, incidence: false },
];

/** Named ids the code refers to. */
export const STATUS = {
  expeditionDefault: 998,
  receptionDefault: 999,
  /** Issued / dispatched: hidden for company kl unless show_issued. */
  issued: 3,
  expeditionIncidence: 4,
  expeditionCancelled: 11,
  delay: 7,
  /** bw's special status (spec section 4): only bw's list offers it. */
  attentionReq: 13,
  receptionIncidence: 8,
  receptionDelay: 12,
} as const;

/** The status a new shipment of the type starts in. */
export const DEFAULT_STATUS: Record<ShipmentType, number> = {
  [E]: STATUS.expeditionDefault,
  [R]: STATUS.receptionDefault,
};

export interface ReasonDefinition {
  status: number;
  /** What a PATCH sends ({reason: code}); unique within its status. */
  code: string;
  /** Translation key. */
  name: string;
  description: string;
}

/** Reasons per status: incidences, delays and cancellations. */
export const REASONS: readonly ReasonDefinition[] = [
  { status: 4, code: "DAMAGED", name: "damaged_goods", description: "Goods damaged" },
  { status: 4, code: "MISSING", name: "missing_packages", description: "Packages missing" },
  { status: 4, code: "DOCS", name: "wrong_documents", description: "Wrong or missing documents" },
  { status: 4, code: "QUALITY", name: "quality_hold", description: "Held by quality control" },
  { status: 7, code: "SHIPPER", name: "shipper_delay", description: "The truck is late" },
  { status: 7, code: "PREPARATION", name: "preparation_delay", description: "Preparation is late" },
  { status: 7, code: "PACKAGE", name: "package_delay", description: "Packaging is late" },
  { status: 11, code: "CLIENT", name: "client_request", description: "Cancelled by the client" },
  { status: 11, code: "STOCK", name: "no_stock", description: "Not enough stock" },
  { status: 8, code: "DAMAGED", name: "damaged_goods", description: "Goods damaged" },
  { status: 8, code: "MISSING", name: "missing_packages", description: "Packages missing" },
  { status: 8, code: "DOCS", name: "wrong_documents", description: "Wrong or missing documents" },
  { status: 12, code: "SHIPPER", name: "shipper_delay", description: "The truck is late" },
  { status: 12, code: "PACKAGE", name: "package_delay", description: "Packaging is late" },
  { status: 9, code: "SENDER", name: "sender_request", description: "Cancelled by the sender" },
];

export function statusById(id: number): StatusDefinition | undefined {
  return STATUSES.find((status) => status.id === id);
}

/** A status as the API answers it (api/status, and nested in a shipment). */
export const Status = z.object({
  id: z.number().int(),
  type: z.union([z.literal(E), z.literal(R)]),
  /** Translation key of the label. */
  description: z.string(),
  color: z.string(),
  ordering: z.number().int(),
  incidence: z.boolean(),
});
export type Status = z.infer<typeof Status>;

export const Reason = z.object({
  id: z.number().int(),
  /** The status the reason belongs to. */
  status: z.number().int(),
  code: z.string(),
  /** Translation key. */
  name: z.string(),
  description: z.string(),
});
export type Reason = z.infer<typeof Reason>;

const Flag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => value === "true" || value === "1");

const ShipmentTypeQuery = z.coerce
  .number()
  .pipe(z.union([z.literal(E), z.literal(R)], { message: "Expected 1 or 2" }));

export const StatusQuery = z.object({
  type: ShipmentTypeQuery.optional().describe("1 expeditions, 2 receptions; omitted: both"),
  show_issued: Flag.describe("Company kl: include status 3 (issued), hidden by default"),
});

export const ReasonQuery = z.object({
  status: QueryId.optional().describe(
    "Only the reasons of this status; omitted: every reason (raw reasons)",
  ),
  type: ShipmentTypeQuery.optional().describe("Only reasons of statuses of this type"),
});
