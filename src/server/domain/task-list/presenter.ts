import type { TaskLine } from "../../../shared/contract/task-list";
import type { TaskLineView } from "./repository";

export function presentTaskLine(view: TaskLineView): TaskLine {
  return {
    id: view.id,
    uid: view.uid,
    date: view.date,
    user: {
      id: view.userId,
      username: view.username,
      first_name: view.firstName,
      last_name: view.lastName,
    },
    worksheet: { id: view.worksheetId, name: view.worksheetName },
    description: { id: view.descriptionId, name: view.descriptionName },
    client:
      view.clientId === null
        ? null
        : { id: view.clientId, description: view.clientDescription ?? "" },
    reference: view.reference,
    tag_number: view.tagNumber,
    time_hours: Number(view.timeHours),
    reviewed_parts: view.reviewedParts,
    right_parts: view.rightParts,
    reworked_parts: view.reworkedParts,
    nok_parts: view.nokParts,
    observations: view.observations,
    company: view.companyId,
    version: view.version,
  };
}

/** "First Last", or the username when the user has no name. */
export function userLabel(view: Pick<TaskLineView, "firstName" | "lastName" | "username">) {
  const name = `${view.firstName} ${view.lastName}`.trim();
  return name || view.username;
}
