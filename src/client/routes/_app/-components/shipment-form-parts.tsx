import { DocumentButtons } from "../../../features/documents/document-buttons";
import { PackingSection } from "../../../features/documents/packing-section";
import { BookedSlotInput } from "../../../features/scheduling/booked-slot-input";
import { NotCreatedDialog } from "../../../features/scheduling/not-created-dialog";
import { RecurrenceForm } from "../../../features/scheduling/recurrence-form";
import { recurrenceProblems } from "../../../features/scheduling/recurrence-problems";
import type { ShipmentFormParts } from "../../../features/shipments/form/form-parts";
import { TruckFormPage } from "../../../features/trucks/truck-form-page";

/**
 * The expedition and reception routes compose the shipment form with the other features'
 * pieces (features import no other feature): the trucks form in the truck modal, the
 * documents' buttons and packing list, scheduling's hour slot, recurrence form and
 * not-created popup.
 */
export const shipmentFormParts: ShipmentFormParts = {
  truckForm: (props) => (
    <TruckFormPage embedded truckId={props.truckId} onSaved={props.onSaved} onDone={props.onDone} />
  ),
  DocumentButtons,
  PackingSection,
  BookedSlotInput,
  RecurrenceForm,
  recurrenceProblems,
  NotCreatedDialog,
};
