import { useLingui } from "@lingui/react/macro";
import type { NotCreated } from "../../../../shared/contract/scheduling";
import type { Shipment } from "../../../../shared/contract/shipments";
import type { ShipmentType } from "../../../../shared/contract/status";
import {
  type BookingCode,
  errorLines,
  fieldErrorText,
  fieldMessages,
  isBookingCode,
} from "../../../lib/error-messages";
import type { ApiError } from "../../../lib/errors";
import { useSession } from "../../../lib/session/use-session";
import { type QueuedReason, submitOnlineFirst } from "../../../offline/online-first";
import { SHIPMENT_PATH } from "../../../offline/shipments-api";
import { putShipment } from "../../../offline/shipments-mirror";
import { currentAuthor } from "../../../offline/sync-engine";
import { saveSeries, sendShipmentSave } from "../api";
import { queueSeriesCreation, queueShipmentCreation, queueShipmentEdit } from "../form-commands";
import { type ShipmentFormState, valuesToSave } from "./form-values";
import { planSave } from "./save-plan";

export type SaveResult =
  /** `queued`: saved on this device only (why), sent when the network allows. */
  | { kind: "saved"; id: number; queued: QueuedReason | null }
  /** A repeated save answered in time: how many lines were created and the dates refused. */
  | { kind: "series"; created: number; failed: NotCreated[] }
  | { kind: "unchanged" }
  | { kind: "invalid"; errors: Record<string, string>; mandatory: boolean }
  /**
   * The server refused it: the message under each field it named (`errors`), the dock's
   * reason when it refused the booked hour, and the lines of a notice when it named no field.
   */
  | {
      kind: "refused";
      errors: Record<string, string>;
      booking: BookingCode | null;
      lines: string[];
    };

/**
 * Saving the form: the save plan (shared save rules and the write contract's limits; the
 * spec's fill_mandatory warning and a message under each field), then online-first
 * (offline/online-first.ts): online, the form waits for the server's answer, so a refusal
 * (a full hour, a restricted date) shows on its field while the user can still fix it; only
 * offline or without an answer in time is the same write queued in the outbox (a creation under
 * the form's uid, an edit of the changed fields on the version the form showed; a 412 is
 * queued too, where the replayer merges it field by field). A repeated line is one write the
 * same way (the server decides which dates have room): queued, it shows its first occurrence
 * and its refused dates become sync issues (offline/series-outcome.ts).
 */
export function useShipmentSave(type: ShipmentType, row: Shipment | null, uid: string) {
  const { i18n } = useLingui();
  const session = useSession();

  const refused = (error: ApiError): SaveResult => {
    const messages = fieldMessages(error, i18n);
    const errors = Object.fromEntries(
      Object.entries(messages).map(([field, texts]) => [field, texts.join(" ")]),
    );
    const code = error.fieldCodes?.booked_date?.[0]?.code;
    const booking = isBookingCode(code) ? code : null;
    return { kind: "refused", errors, booking, lines: errorLines(error, i18n) };
  };

  /** `rrule`: a repeated save, every occurrence created in one request. */
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
      const body = plan.changes as Record<string, unknown>;
      // A line still being created on the device has no server id: its edit queues behind.
      if (row.id < 0) {
        await queueShipmentEdit(row, plan.changes, picks, author);
        return { kind: "saved", id: row.id, queued: "offline" };
      }
      const result = await submitOnlineFirst({
        send: (key, signal) =>
          sendShipmentSave(`${SHIPMENT_PATH[type]}/${row.id}`, body, {
            key,
            signal,
            version: row.version,
          }),
        queue: (key) => queueShipmentEdit(row, plan.changes, picks, author, key),
        queueRefusal: (error) => error.status === 412,
      });
      if (result.kind === "refused") return refused(result.error);
      if (result.kind === "sent") await putShipment(result.answer);
      return { kind: "saved", id: row.id, queued: result.kind === "queued" ? result.reason : null };
    }
    if (plan.kind !== "create") return { kind: "unchanged" };
    if (rrule) {
      // One write like the others (issue 24): the dates the dock refused are shown when the
      // answer comes in time; queued, they become sync issues when it is replayed.
      let firstLine = 0;
      const result = await submitOnlineFirst({
        send: (key, signal) => saveSeries(type, uid, plan.body, rrule, { key, signal }),
        queue: async (key) => {
          firstLine = await queueSeriesCreation(
            type,
            uid,
            plan.body,
            rrule,
            picks,
            author,
            new Date(),
            key,
          );
        },
      });
      if (result.kind === "refused") return refused(result.error);
      if (result.kind === "queued") return { kind: "saved", id: firstLine, queued: result.reason };
      for (const line of result.answer.created) await putShipment(line);
      return {
        kind: "series",
        created: result.answer.created.length,
        failed: result.answer.not_created,
      };
    }
    let localLine = 0;
    const result = await submitOnlineFirst({
      send: (key, signal) =>
        sendShipmentSave(`${SHIPMENT_PATH[type]}/uid/${uid}`, plan.body, { key, signal }),
      queue: async (key) => {
        localLine = await queueShipmentCreation(
          type,
          uid,
          plan.body,
          picks,
          author,
          new Date(),
          key,
        );
      },
    });
    if (result.kind === "refused") return refused(result.error);
    if (result.kind === "queued") return { kind: "saved", id: localLine, queued: result.reason };
    await putShipment(result.answer);
    return { kind: "saved", id: result.answer.id, queued: null };
  };
}
