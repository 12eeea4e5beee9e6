import { useLingui } from "@lingui/react/macro";
import type { NotCreated } from "../../../../shared/contract/scheduling";
import type { Shipment } from "../../../../shared/contract/shipments";
import type { ShipmentType } from "../../../../shared/contract/status";
import { fieldErrorText } from "../../../lib/error-messages";
import { useSession } from "../../../lib/session/use-session";
import { currentAuthor } from "../../../offline/sync-engine";
import { saveSeries } from "../api";
import { queueShipmentCreation, queueShipmentEdit } from "../form-commands";
import { type ShipmentFormState, valuesToSave } from "./form-values";
import { planSave } from "./save-plan";

export type SaveResult =
  | { kind: "saved"; id: number }
  /** A repeated save (online only): how many lines were created and the dates refused. */
  | { kind: "series"; created: number; failed: NotCreated[] }
  | { kind: "unchanged" }
  | { kind: "invalid"; errors: Record<string, string>; mandatory: boolean };

/**
 * Saving the form: the save plan (shared save rules and the write contract's limits; the
 * spec's fill_mandatory warning and a message under each field), then the outbox: a creation
 * under the form's uid, an edit of the changed fields on the version the form showed. The
 * line shows in the lists at once; the replayer sends it now or when the network is back
 * (why not a direct request first: features/shipments/README.md). A repeated line is the
 * exception: the server decides which dates have room, so it is one request, online only.
 */
export function useShipmentSave(type: ShipmentType, row: Shipment | null, uid: string) {
  const { i18n } = useLingui();
  const session = useSession();

  /** `rrule`: a repeated save, every occurrence created in one request (needs the network). */
  return async (state: ShipmentFormState, rrule?: string): Promise<SaveResult> => {
    const author = currentAuthor();
    if (!author) throw new Error("No session to save with");
    const values = valuesToSave(state);
    const context = { type, isTrw: session.isTrw, userType: session.userType };
    const plan = planSave(type, row, values, context);
    if (plan.kind === "unchanged") return plan;
    if (plan.kind === "invalid") {
      const errors = Object.fromEntries(
        Object.entries(plan.errors).map(([field, list]) => [
          field,
          list.map((error) => fieldErrorText(field, error, i18n)).join(" "),
        ]),
      );
      return { kind: "invalid", errors, mandatory: plan.mandatory };
    }
    const picks = { client: state.client, shipper: state.shipper };
    if (plan.kind === "edit" && row) {
      await queueShipmentEdit(row, plan.changes, picks, author);
      return { kind: "saved", id: row.id };
    }
    if (plan.kind !== "create") return { kind: "unchanged" };
    if (rrule) {
      const result = await saveSeries(type, uid, plan.body, rrule);
      return { kind: "series", created: result.created.length, failed: result.not_created };
    }
    const id = await queueShipmentCreation(type, uid, plan.body, picks, author);
    return { kind: "saved", id };
  };
}
