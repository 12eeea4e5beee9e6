import { isBookingCode } from "../../lib/error-messages";
import type { SyncIssueRow } from "../../offline/db";

/**
 * What the user can do about a refused change that can succeed (issue 24):
 * - rebook: the dock refused the booked hour: open the form with this device's values to pick
 *   another hour (a re-apply would be refused again);
 * - edit: the server refused other fields of a line: open the form with them to fix them;
 * - plate: a truck's plate is taken: open the trucks with that plate;
 * - reapply: make it again on the line as it is now (a 412, a 403 since lifted, …);
 * - none: only discarding makes sense (the server named a field a re-apply cannot change).
 */
export type IssueAction =
  | { kind: "rebook" | "edit"; to: "/expedition/{-$id}" | "/reception/{-$id}"; id?: string }
  | { kind: "plate"; plate: string }
  | { kind: "reapply" }
  | { kind: "none" };

export function issueAction(issue: SyncIssueRow): IssueAction {
  const fields = Object.keys(issue.fieldCodes ?? {});
  // A refused file (too large, a type not kept): shown as the others, its re-apply disabled
  // (the bytes are gone, canReapply): the user adds the file again, or discards.
  if (fields.length === 0 || issue.entity === "attachment") return { kind: "reapply" };
  if (issue.entity === "shipment") {
    const to = /^api\/expedition\//.test(issue.path) ? "/expedition/{-$id}" : "/reception/{-$id}";
    const kind = isBookingCode(issue.fieldCodes?.booked_date) ? "rebook" : "edit";
    return issue.op === "create" ? { kind, to } : { kind, to, id: String(issue.entityId) };
  }
  const plate = issue.body?.plate;
  if (issue.entity === "shipper" && issue.fieldCodes?.plate === "not_unique" && plate) {
    return { kind: "plate", plate: String(plate) };
  }
  return { kind: "none" };
}
