import { createFileRoute } from "@tanstack/react-router";
import { UserFormPage } from "../../features/users/user-form-page";

/** /user (add) and /user/{id} (edit roles); save and cancel return to /users. */
export const Route = createFileRoute("/_app/user/{-$id}")({ component: UserRoute });

function UserRoute() {
  const { id } = Route.useParams();
  return <UserFormPage key={id ?? "new"} userId={id} />;
}
