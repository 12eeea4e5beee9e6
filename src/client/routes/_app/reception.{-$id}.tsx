import { createFileRoute } from "@tanstack/react-router";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import { readOnlySearch } from "../../features/shipments/form/read-only-search";
import { ShipmentFormPage } from "../../features/shipments/form/shipment-form-page";
import { shipmentFormParts } from "./-components/shipment-form-parts";

/** /reception (plan a new one) and /reception/{id} (edit; ?read_only=true only shows it). */
export const Route = createFileRoute("/_app/reception/{-$id}")({
  validateSearch: readOnlySearch,
  component: ReceptionRoute,
});

function ReceptionRoute() {
  const { id } = Route.useParams();
  const { read_only: readOnly, rebook } = Route.useSearch();
  return (
    <ShipmentFormPage
      key={id ?? "new"}
      type={SHIPMENT_TYPE.reception}
      id={id}
      readOnly={readOnly === true}
      rebook={rebook}
      parts={shipmentFormParts}
    />
  );
}
