import { type Shipper, ShipperInput } from "../../../shared/contract/trucks";
import { type Author, enqueue, localId } from "../../offline/outbox";
import { truckCreationPath } from "./api";

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
