import { createFileRoute } from "@tanstack/react-router";
import { TruckFormPage } from "../../features/trucks/truck-form-page";

/** /truck (sign up) and /truck/{id} (edit); save and cancel return to /trucks. */
export const Route = createFileRoute("/_app/truck/{-$id}")({ component: TruckRoute });

function TruckRoute() {
  const { id } = Route.useParams();
  return <TruckFormPage key={id ?? "new"} truckId={id} />;
}
