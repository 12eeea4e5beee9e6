import type { Locale } from "../../../shared/constants";
import type { CheckInAnswer, CheckInLine } from "../../../shared/contract/check-in";
import { plateKeyOf, Shipper } from "../../../shared/contract/trucks";
import { http } from "../../lib/http";
import { checkInPath, checkOutPath, storeCheckInAnswer } from "../../offline/gate-writes";
import { type OnlineFirstResult, submitOnlineFirst } from "../../offline/online-first";
import { type Author, enqueue, entityKeyOf } from "../../offline/outbox";
import { putShipment } from "../../offline/shipments-mirror";
import { putTruck } from "../../offline/trucks-mirror";

/**
 * The check-in terminal's writes (PUT to a client-chosen uid, so a repeat is answered with the
 * first result) go online-first (issue 24, offline/online-first.ts): online the terminal waits
 * for the answer (a few seconds at most) and shows a refusal on the form; offline, or without
 * an answer in time, the same write (same uid, same Idempotency-Key) waits in the outbox, the
 * screen says it was saved on this device, and a later refusal comes back as a sync issue.
 */

/** The uid and Idempotency-Key of a write already tried online (online-first.ts). */
interface Attempt {
  uid?: string;
  mutationId?: string;
}

export interface CheckInTruck {
  plate: string;
  name: string;
  phone: string | null;
}

export async function queueCheckIn(
  line: CheckInLine,
  truck: CheckInTruck,
  author: Author,
  language: Locale,
  now: Date = new Date(),
  attempt: Attempt = {},
): Promise<string> {
  const uid = attempt.uid ?? crypto.randomUUID();
  await enqueue(
    {
      ...(attempt.mutationId ? { mutationId: attempt.mutationId } : {}),
      entity: "shipment",
      entityId: line.id,
      op: "update",
      method: "PUT",
      path: checkInPath(uid),
      body: checkInBody(line, truck, language),
      changes: {
        shipper: { id: 0, name: truck.name, phone: truck.phone, plate: truck.plate },
        arrival_date: now.toISOString(),
      },
      // The server decides (the line may have got another truck): no If-Match.
      baseVersion: null,
      summary: { label: line.code, field: "check_in", from: null, to: truck.plate },
    },
    author,
  );
  return uid;
}

export async function queueCheckOut(
  truck: Shipper,
  author: Author,
  now: Date = new Date(),
  attempt: Attempt = {},
): Promise<string> {
  const uid = attempt.uid ?? crypto.randomUUID();
  await enqueue(
    {
      ...(attempt.mutationId ? { mutationId: attempt.mutationId } : {}),
      entity: "shipper",
      entityId: truck.id,
      // A truck known only from its queued check-in (id 0, queued-gate-writes.ts) queues by
      // plate: two such trucks' check-outs are not one row's changes.
      ...(truck.id > 0
        ? {}
        : { entityKey: entityKeyOf("shipper", `plate:${plateKeyOf(truck.plate)}`) }),
      op: "update",
      method: "PUT",
      path: checkOutPath(uid),
      body: { plate: truck.plate },
      changes: { expedition_date: now.toISOString() },
      baseVersion: null,
      summary: { label: truck.plate, field: "check_out", from: null, to: null },
    },
    author,
  );
  return uid;
}

function checkInBody(line: CheckInLine, truck: CheckInTruck, language: Locale) {
  return {
    line: line.id,
    type: line.type,
    truck: { plate: truck.plate, name: truck.name, phone: truck.phone },
    language,
  };
}

/** The gate's PUT with its Idempotency-Key (the one the queued write repeats). */
function putOnce(path: string, body: object, key: string, signal: AbortSignal) {
  return http.put<unknown>(path, body, { headers: { "Idempotency-Key": key }, signal });
}

/**
 * Checks a truck in online-first; sent, the line and the truck as the server left them enter
 * the mirror (the terminal's check-out finds the truck by plate there: a truck the check-in
 * just created, or just marked arrived, is known at once, not after the next feed pull).
 */
export async function checkInOnlineFirst(
  line: CheckInLine,
  truck: CheckInTruck,
  author: Author,
  language: Locale,
  options: { timeoutMs?: number } = {},
): Promise<OnlineFirstResult<CheckInAnswer>> {
  const uid = crypto.randomUUID();
  const result = await submitOnlineFirst({
    send: async (key, signal) =>
      storeCheckInAnswer(
        await putOnce(checkInPath(uid), checkInBody(line, truck, language), key, signal),
      ),
    queue: (key) =>
      queueCheckIn(line, truck, author, language, new Date(), { uid, mutationId: key }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (result.kind === "sent") await putShipment(result.answer);
  return result;
}

/**
 * Checks a truck out online-first; sent, the truck as the server left it enters the mirror. A
 * truck whose check-in still waits in the outbox (`afterQueuedCheckIn`) is checked out in the
 * outbox too, behind its check-in: sent straight away it would reach the server first.
 */
export async function checkOutOnlineFirst(
  truck: Shipper,
  author: Author,
  options: { timeoutMs?: number; afterQueuedCheckIn?: boolean } = {},
): Promise<OnlineFirstResult<Shipper>> {
  if (options.afterQueuedCheckIn) {
    await queueCheckOut(truck, author);
    return { kind: "queued", reason: "behind" };
  }
  const uid = crypto.randomUUID();
  const result = await submitOnlineFirst({
    send: async (key, signal) =>
      Shipper.parse(await putOnce(checkOutPath(uid), { plate: truck.plate }, key, signal)),
    queue: (key) => queueCheckOut(truck, author, new Date(), { uid, mutationId: key }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (result.kind === "sent") await putTruck(result.answer);
  return result;
}
