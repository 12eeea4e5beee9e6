import { type Shipper, ShipperInput } from "../../../shared/contract/trucks";
import { type OnlineFirstResult, submitOnlineFirst } from "../../offline/online-first";
import { type Author, enqueue, localId, pendingFor } from "../../offline/outbox";
import { replaceTruck, truckCreationPath, truckPath } from "./api";

/**
 * Queues a truck's sign-up made without network: the creation (PUT to its client-chosen id)
 * and the truck as the device lists it meanwhile, under a temporary negative id, in one
 * transaction. The replayer sends it when the network returns; the server's row replaces it.
 */
export async function queueTruckCreation(
  input: ShipperInput,
  uid: string,
  company: number,
  author: Author,
  now: Date = new Date(),
  /** The Idempotency-Key a direct attempt used (online-first.ts): the replay repeats it. */
  mutationId?: string,
): Promise<void> {
  // The truck as the server will store it (plate and name normalised, phone in E.164).
  const values = ShipperInput.parse(input);
  const truck: Shipper = {
    id: localId(),
    uid,
    company,
    plate: values.plate,
    name: values.name,
    capacity_load: values.capacity_load ?? null,
    phone: values.phone ?? null,
    country_code: values.country_code ?? null,
    register_date: values.register_date ?? now.toISOString(),
    expedition_date: values.expedition_date ?? null,
    version: 0,
  };
  await enqueue(
    {
      entity: "shipper",
      entityId: uid,
      op: "create",
      method: "PUT",
      path: truckCreationPath(uid),
      body: input as Record<string, unknown>,
      changes: truck,
      summary: { label: truck.plate, field: "create", from: null, to: truck.name },
      ...(mutationId ? { mutationId } : {}),
    },
    author,
  );
}

/**
 * Queues an edit of a truck (offline, no answer in time, or a 412 the replayer merges): a
 * whole-form PUT with If-Match of the version the form was opened on, the truck shown edited
 * meanwhile. `baseValues` are the form's fields as the truck had them (a 412 is merged field by
 * field against them, replay-merge.ts; a field both changed becomes a conflict in the sync
 * issues). The truck stays editable while queued: an edit folds into its unsent creation or
 * edit, or follows one that may have reached the server; a truck signed up here goes to the
 * server's row once its creation is answered (`uid`), or joins its refusal.
 */
export async function queueTruckEdit(
  truck: Shipper,
  input: ShipperInput,
  author: Author,
  /** The Idempotency-Key a direct attempt used: the replay repeats it and never folds it. */
  mutationId?: string,
): Promise<string> {
  const values = ShipperInput.parse(input);
  const body = { ...values } as Record<string, unknown>;
  const row = truck as unknown as Record<string, unknown>;
  return enqueue(
    {
      entity: "shipper",
      entityId: truck.id,
      op: "update",
      method: "PUT",
      path: truckPath(truck.id),
      body,
      changes: body,
      summary: { label: values.plate, field: "edit", from: truck.name, to: values.name },
      baseVersion: truck.id < 0 ? null : truck.version,
      ...(truck.id < 0 ? { uid: truck.uid } : {}),
      ...(mutationId ? { mutationId } : {}),
      baseValues: Object.fromEntries(Object.keys(body).map((key) => [key, row[key] ?? null])),
      // A change already sent once under its own key follows the queue, never folds.
      fold: !mutationId,
    },
    author,
  );
}

/**
 * Saves a truck's edit online-first (offline/online-first.ts): online, the server's answer
 * comes back to the form (a plate another truck has shows on its field); offline or with no
 * answer in time the edit is queued under the same Idempotency-Key, and a 412 is queued for
 * the replayer's field merge. A truck signed up here and not answered yet, or one with changes
 * still queued, is queued at once: a direct request would overtake them.
 */
export async function saveTruckEdit(
  truck: Shipper,
  input: ShipperInput,
  author: Author,
  options: { timeoutMs?: number } = {},
): Promise<OnlineFirstResult<Shipper>> {
  if (truck.id < 0 || (await pendingFor("shipper", truck.id)).length > 0) {
    await queueTruckEdit(truck, input, author);
    return { kind: "queued", reason: "offline" };
  }
  return submitOnlineFirst({
    send: (key, signal) => replaceTruck(truck.id, truck.version, input, { key, signal }),
    queue: (key) => queueTruckEdit(truck, input, author, key),
    queueRefusal: (error) => error.status === 412,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
}
