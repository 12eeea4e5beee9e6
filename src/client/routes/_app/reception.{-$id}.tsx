import { createFileRoute } from "@tanstack/react-router";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import { readOnlySearch } from "../../features/shipments/form/read-only-search";
import { ShipmentFormPage } from "../../features/shipments/form/shipment-form-page";
import type { TruckFormSlotProps } from "../../features/shipments/form/truck-select";
import { TruckFormPage } from "../../features/trucks/truck-form-page";

/** /reception (plan a new one) and /reception/{id} (edit; ?read_only=true only shows it). */
export const Route = createFileRoute("/_app/reception/{-$id}")({
  validateSearch: readOnlySearch,
  component: ReceptionRoute,
});

/** The route composes the two features: the form's truck modal shows the truck form. */
function truckForm(props: TruckFormSlotProps) {
  return (
    <TruckFormPage embedded truckId={props.truckId} onSaved={props.onSaved} onDone={props.onDone} />
  );
}

function ReceptionRoute() {
  const { id } = Route.useParams();
  const { read_only: readOnly } = Route.useSearch();
  return (
    <ShipmentFormPage
      key={id ?? "new"}
      type={SHIPMENT_TYPE.reception}
      id={id}
      readOnly={readOnly === true}
      truckForm={truckForm}
    />
  );
}
