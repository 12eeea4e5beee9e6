import type {
  WebhookEndpointCreate,
  WebhookEndpointPatch,
} from "../../../shared/contract/webhooks";
import { PING_EVENT } from "../../../shared/contract/webhooks";
import type { AuthContext } from "../../auth/context";
import type { Db } from "../../db/database";
import type { WebhookEndpointRow } from "../../db/schema/integrations";
import { errors } from "../../errors";
import { staleVersion } from "../../http/versioning";
import { newSigningSecret } from "../../services/webhooks/signing";
import { checkTarget, type TargetPolicy, TargetRefused } from "../../services/webhooks/target";
import { actorOf, newEventUid, notifyWorkers, payloadOf } from "./emit";
import { presentEndpoint } from "./presenter";
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  insertEventFor,
  updateEndpoint,
} from "./repository";

/** 400 on `url` when the target is refused (scheme, private address, unknown host). */
async function requireTarget(url: string, policy: TargetPolicy): Promise<void> {
  try {
    await checkTarget(url, policy);
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    const code = error.problem === "invalid_url" ? "invalid" : error.problem;
    throw errors.validation({ url: [error.message] }, undefined, { url: [{ code }] });
  }
}

export async function requireEndpoint(db: Db, auth: AuthContext, id: number) {
  const row = await findEndpoint(db, auth.company.id, id);
  if (!row) throw errors.notFound();
  return row;
}

/** A new endpoint and its signing secret (answered once). */
export async function createEndpoint(
  db: Db,
  auth: AuthContext,
  body: WebhookEndpointCreate,
  deps: { policy: TargetPolicy },
): Promise<WebhookEndpointRow> {
  await requireTarget(body.url, deps.policy);
  return insertEndpoint(db, {
    companyId: auth.company.id,
    url: body.url,
    description: body.description ?? "",
    events: [...new Set(body.events)],
    active: body.active ?? true,
    secret: newSigningSecret(),
  });
}

export async function patchEndpoint(
  db: Db,
  auth: AuthContext,
  id: number,
  patch: WebhookEndpointPatch,
  versions: number[] | undefined,
  deps: { policy: TargetPolicy },
): Promise<WebhookEndpointRow> {
  const current = await requireEndpoint(db, auth, id);
  if (patch.url !== undefined && patch.url !== current.url) {
    await requireTarget(patch.url, deps.policy);
  }
  const changes = {
    ...(patch.url === undefined ? {} : { url: patch.url }),
    ...(patch.description === undefined ? {} : { description: patch.description }),
    ...(patch.events === undefined ? {} : { events: [...new Set(patch.events)] }),
    ...(patch.active === undefined ? {} : { active: patch.active }),
  };
  return write(db, auth, current, changes, versions);
}

/** A new signing secret: the old one stops signing at once. */
export async function rotateSecret(
  db: Db,
  auth: AuthContext,
  id: number,
  versions: number[] | undefined,
): Promise<WebhookEndpointRow> {
  const current = await requireEndpoint(db, auth, id);
  return write(db, auth, current, { secret: newSigningSecret() }, versions);
}

async function write(
  db: Db,
  auth: AuthContext,
  current: WebhookEndpointRow,
  changes: Parameters<typeof updateEndpoint>[3],
  versions: number[] | undefined,
): Promise<WebhookEndpointRow> {
  if (versions && !versions.includes(current.version)) {
    throw staleVersion(presentEndpoint(current), current.version);
  }
  const row = await updateEndpoint(db, auth.company.id, current.id, changes, [current.version]);
  if (row) return row;
  const now = await requireEndpoint(db, auth, current.id);
  throw staleVersion(presentEndpoint(now), now.version);
}

export async function removeEndpoint(db: Db, auth: AuthContext, id: number): Promise<void> {
  if (!(await deleteEndpoint(db, auth.company.id, id))) throw errors.notFound();
}

/** "Send again": a new delivery of the same event (same webhook-id), due now. */
export async function resendDelivery(
  db: Db,
  auth: AuthContext,
  endpointId: number,
  deliveryId: number,
) {
  await requireEndpoint(db, auth, endpointId);
  const delivery = await findDelivery(db, endpointId, deliveryId);
  if (!delivery) throw errors.notFound();
  return db.transaction(async (tx) => {
    const row = await insertDelivery(tx, {
      eventId: delivery.eventId,
      endpointId,
      entityKey: delivery.entityKey,
    });
    await notifyWorkers(tx);
    return row;
  });
}

/** The test ping: a `webhook.ping` event to this endpoint only (even when inactive). */
export async function pingEndpoint(db: Db, auth: AuthContext, endpointId: number) {
  const endpoint = await requireEndpoint(db, auth, endpointId);
  const uid = newEventUid();
  const event = {
    type: PING_EVENT,
    companyId: auth.company.id,
    entityKey: `webhook:${endpoint.id}`,
    actor: actorOf(auth),
    data: { endpoint: endpoint.id, message: "Yardline test ping" },
  } as const;
  return db.transaction(async (tx) => {
    const row = await insertEventFor(tx, endpoint, {
      uid,
      type: PING_EVENT,
      entityKey: event.entityKey,
      payload: payloadOf(event, uid, new Date()),
    });
    await notifyWorkers(tx);
    return row;
  });
}
