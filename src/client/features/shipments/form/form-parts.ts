import type { ComponentType } from "react";
import type { NotCreated, OperationType } from "../../../../shared/contract/scheduling";
import type { ShipmentType } from "../../../../shared/contract/status";
import type { RecurrenceRule } from "../../../../shared/recurrence";
import type { BookingRefusal } from "../../../lib/error-messages";
import type { TruckFormSlot } from "./truck-select";

/**
 * What the route gives the expedition/reception form from other features, so no feature
 * imports another (STYLE.md, "routes assemble pages"): the route file passes the trucks,
 * documents and scheduling pieces in (routes/_app/-components/shipment-form-parts.tsx).
 * Each shape is the form's own; the features' components match it.
 */
export interface ShipmentFormParts {
  /** The trucks feature's form, in the truck modal (New / Edit truck). */
  truckForm?: TruckFormSlot | undefined;
  /** Documents: check list, label, files and QR code beside History (a saved line). */
  DocumentButtons?: ComponentType<DocumentButtonsPartProps> | undefined;
  /** Documents: the line's packing list under the form (when packingListEnabled). */
  PackingSection?: ComponentType<{ shipmentId: number; canEdit: boolean }> | undefined;
  /** Scheduling: a reception's booked date as a day and an offered hour. */
  BookedSlotInput?: ComponentType<BookedSlotPartProps> | undefined;
  /** Scheduling: the recurrence form of a repeated new line, with a preview of its dates. */
  RecurrenceForm?: ComponentType<RecurrenceFormPartProps> | undefined;
  /** Scheduling: what keeps a rule from being saved (empty when it can be). */
  recurrenceProblems?: ((rule: RecurrenceRule) => object) | undefined;
  /** Scheduling: after a repeated save, the dates that could not be created and why. */
  NotCreatedDialog?: ComponentType<NotCreatedPartProps> | undefined;
}

export interface DocumentButtonsPartProps {
  type: ShipmentType;
  shipmentId: number;
  code: string;
  canEdit: boolean;
  isForkLift: boolean;
}

export interface BookedSlotPartProps {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  operation: OperationType;
  /** Every hour 06:00..21:00, else the hours the server still offers for the day. */
  allHours: boolean;
  errorMessage?: string | undefined;
  label: string;
  /** The day as picked, hour or not (a day without an hour is the spec's invalid_date_time). */
  onDayChange?: ((day: string) => void) | undefined;
  /** The dock refused the hour on Save: offer the free hours (or the next open day). */
  refusal?: BookingRefusal | null | undefined;
}

export interface RecurrenceFormPartProps {
  rule: RecurrenceRule;
  onChange: (rule: RecurrenceRule) => void;
  /** The first booked date (ISO), from which the rule is expanded for the preview. */
  first: string | undefined;
}

export interface NotCreatedPartProps {
  type: ShipmentType;
  /** The occurrences the server refused; the dialog is open while there are some. */
  failed: readonly NotCreated[];
  createdCount: number;
  onClose: () => void;
}
