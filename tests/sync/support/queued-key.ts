import { db } from "../../../src/client/offline/db";
import type { FaultyNetwork } from "./network";

/**
 * The Idempotency-Key of a write a command just queued under a uid of its own (a creation, a
 * check-in or check-out: its path ends with the uid): from the outbox, or, when a tab already
 * sent and settled it, from its delivery. Empty when neither holds it.
 */
export async function queuedKeyOf(network: FaultyNetwork, uid: string): Promise<string> {
  const queued = await db.outbox.filter((entry) => entry.path.endsWith(`/${uid}`)).first();
  if (queued) return queued.mutationId;
  const sent = network.deliveries.find((each) => new URL(each.url).pathname.endsWith(`/${uid}`));
  return sent?.key ?? "";
}
