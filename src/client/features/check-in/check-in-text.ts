import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { CheckInRefusal } from "../../../shared/contract/check-in";

/** What the gate tells the driver when the server refused a check-in or check-out. */
export const REFUSAL_TEXT: Readonly<Record<CheckInRefusal | "not_found", MessageDescriptor>> = {
  line_taken: msg`Another truck was checked in to this line first. Send the driver to the gate office.`,
  line_mismatch: msg`This reference is not for today or not for this kind of check-in. Send the driver to the gate office.`,
  truck_departed: msg`This truck has already left.`,
  truck_not_arrived: msg`This truck has not checked in.`,
  not_found: msg`The line or truck does not exist any more. Send the driver to the gate office.`,
};

export function refusalText(code: string): MessageDescriptor | undefined {
  return (REFUSAL_TEXT as Record<string, MessageDescriptor>)[code];
}
