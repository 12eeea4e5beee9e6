import type { I18n } from "@lingui/core";
import type { Shipment } from "../../../shared/contract/shipments";
import { REASONS, type ReasonDefinition, statusById } from "../../../shared/contract/status";
import type { Command } from "../../offline/outbox";
import { enqueue } from "../../offline/outbox";
import { SHIPMENT_PATH } from "../../offline/shipments-api";
import { currentAuthor } from "../../offline/sync-engine";
import { reasonLabel, statusLabel } from "../../ui/shipment-labels";

/**
 * Status and reason changes of a line, as local-first commands: queued in the outbox with the
 * optimistic row in one transaction, then sent by the replayer (src/client/offline).
 */

function statusText(i18n: I18n, id: number): string {
  const status = statusById(id);
  return status ? statusLabel(status.description, i18n) : String(id);
}

function reasonText(i18n: I18n, reason: { name: string } | null | undefined): string | null {
  return reason ? reasonLabel(reason, i18n) : null;
}

/**
 * A PATCH of one field of a line: `changes` is what the line shows at once. A line booked on
 * this device (negative id) names its uid: when its creation was answered meanwhile (the list
 * still showing it under its local id) the change goes to the server's line, and when it was
 * refused nothing is sent and the change joins the creation's sync issue (outbox.ts, `uid`).
 */
function patchCommand(
  row: Shipment,
  field: "status" | "reason",
  body: Command["body"],
  changes: Command["changes"],
  [from, to]: [string | null, string | null],
): Command {
  return {
    entity: "shipment",
    entityId: row.id,
    op: "update",
    method: "PATCH",
    path: `${SHIPMENT_PATH[row.type]}/${row.id}`,
    body,
    changes,
    summary: { label: row.code, field, from, to },
    ...(row.id < 0 ? { uid: row.uid } : {}),
  };
}

/** PATCH {status}: the line shows the new status (colour and text) and no reason at once. */
export function statusCommand(row: Shipment, statusId: number, i18n: I18n): Command {
  const status = statusById(statusId);
  const shown = status
    ? { id: status.id, description: status.description, color: status.color }
    : row.status;
  return patchCommand(row, "status", { status: statusId }, { status: shown, reason: null }, [
    statusText(i18n, row.status.id),
    statusText(i18n, statusId),
  ]);
}

/** PATCH {reason: code}: one of the current status's reasons, or none. */
export function reasonCommand(row: Shipment, reason: ReasonDefinition | null, i18n: I18n): Command {
  const shown = reason ? { id: row.reason?.id ?? 0, code: reason.code, name: reason.name } : null;
  return patchCommand(row, "reason", { reason: reason?.code ?? null }, { reason: shown }, [
    reasonText(i18n, row.reason),
    reasonText(i18n, reason),
  ]);
}

/** The reasons of a status; a status with exactly one gets it set automatically. */
export function reasonsOf(statusId: number): ReasonDefinition[] {
  return REASONS.filter((reason) => reason.status === statusId);
}

/**
 * Queues a status change and, when the new status has exactly one reason and the user may edit
 * reasons, that reason right after it (both replay in order). False without a session.
 */
export async function changeStatus(
  row: Shipment,
  statusId: number,
  options: { i18n: I18n; setOnlyReason: boolean },
): Promise<boolean> {
  const author = currentAuthor();
  if (!author) return false;
  await enqueue(statusCommand(row, statusId, options.i18n), author);
  const reasons = reasonsOf(statusId);
  const only = reasons.length === 1 ? reasons[0] : undefined;
  if (options.setOnlyReason && only) {
    const changed = { ...row, ...statusCommand(row, statusId, options.i18n).changes } as Shipment;
    await enqueue(reasonCommand(changed, only, options.i18n), author);
  }
  return true;
}

export async function changeReason(
  row: Shipment,
  code: string | null,
  i18n: I18n,
): Promise<boolean> {
  const author = currentAuthor();
  if (!author) return false;
  const reason = REASONS.find((item) => item.status === row.status.id && item.code === code);
  await enqueue(reasonCommand(row, reason ?? null, i18n), author);
  return true;
}
