import { SHIPMENT_TYPE } from "../../../shared/constants";
import type {
  ShipmentChange,
  ShipmentChangeAnswer,
  ShipmentChangesRequest,
  ShipmentPath,
} from "../../../shared/contract/shipments-changes";
import type { ShipmentType } from "../../../shared/contract/status";
import type { AuthContext } from "../../auth/context";
import { allowed } from "../../auth/permissions";
import type { Db, Executor } from "../../db/database";
import { ApiError, errors } from "../../errors";
import {
  type Attempt,
  type Claimer,
  claimAll,
  claimContextOf,
  releaseAll,
  requestHash,
  type StoredAnswer,
  storeAll,
} from "../../http/idempotency-claims";
import { etagOf } from "../../http/versioning";
import { SHIPMENT_PERMISSIONS, scopeOf } from "../lines/access";
import { findShipmentsById, type ShipmentView } from "../lines/repository";
import { listReasons, listStatuses, type ReasonRow } from "../status/repository";
import { actorOf } from "../webhooks/emit";
import { recordLineChanges } from "./line-events";
import { presentShipment } from "./presenter";
import { type LineState, updateShipmentStates } from "./repository";
import { type Change, type ChangeLookups, changeOf, patchPermission, stale } from "./service";

const TYPE_OF: Record<ShipmentPath, ShipmentType> = {
  expedition: SHIPMENT_TYPE.expedition,
  reception: SHIPMENT_TYPE.reception,
};

const pathOf = (change: ShipmentChange) => `/api/${change.type}/${change.id}`;

/** An answer as the PATCH route would give it: 200 with the line (and its ETag) or an error. */
function answerOf(key: string, outcome: ShipmentView | ApiError, now: Date): StoredAnswer {
  if (outcome instanceof ApiError) {
    return {
      key,
      statusCode: outcome.statusCode,
      body: outcome.toBody(),
      headers: outcome.headers,
    };
  }
  return {
    key,
    statusCode: 200,
    body: presentShipment(outcome, now),
    headers: { etag: etagOf(outcome.shipment.version) },
  };
}

/** Statuses and reasons read once for the whole batch (two queries). */
async function batchLookups(db: Db): Promise<ChangeLookups> {
  const [statuses, reasons] = await Promise.all([listStatuses(db), listReasons(db)]);
  const statusById = new Map(statuses.map((status) => [status.id, status]));
  const reasonByKey = new Map<string, ReasonRow>(
    reasons.map((reason) => [`${reason.statusId}:${reason.code}`, reason]),
  );
  return {
    status: async (id) => statusById.get(id),
    reason: async (statusId, code) => reasonByKey.get(`${statusId}:${code}`),
    // The batch carries status and reason changes only (its contract).
    truck: async () => undefined,
  };
}

/** A change that passed every check and changes its line. */
interface Planned {
  change: ShipmentChange;
  view: ShipmentView;
  computed: Change;
}

/**
 * One claimed change checked as PATCH /api/{type}/{id} with If-Match would check it:
 * permissions, the line in scope and of that type, its version, the status or reason. Its
 * refusal, the line when nothing changes, or the write it plans.
 */
/** Whether the caller's roles allow this change at all (before anything is claimed). */
function permitted(auth: AuthContext, change: ShipmentChange): boolean {
  const type = TYPE_OF[change.type];
  return (
    allowed(auth, SHIPMENT_PERMISSIONS[type].see) &&
    allowed(auth, patchPermission(type, change.body))
  );
}

async function check(
  tx: Executor,
  auth: AuthContext,
  change: ShipmentChange,
  view: ShipmentView | undefined,
  lookups: ChangeLookups,
): Promise<ShipmentView | ApiError | Planned> {
  const type = TYPE_OF[change.type];
  if (!permitted(auth, change)) return errors.forbidden();
  if (!view || view.shipment.type !== type) return errors.notFound();
  if (view.shipment.version !== change.version) return stale(tx, view);
  try {
    const computed = await changeOf(view, change.body, lookups);
    return Object.keys(computed.modified).length === 0 ? view : { change, view, computed };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error;
  }
}

/** The line as a planned change leaves it: a status change clears the reason. */
function stateOf({ view, computed }: Planned): LineState {
  return {
    id: view.shipment.id,
    version: view.shipment.version,
    statusId: computed.changes.statusId ?? view.shipment.statusId,
    reasonId:
      computed.changes.reasonId === undefined ? view.shipment.reasonId : computed.changes.reasonId,
  };
}

/**
 * Writes the planned changes, conditional on their versions, with one history entry each;
 * answers each with its line as written, or 412 when the line moved on meanwhile.
 */
async function write(
  tx: Executor,
  auth: AuthContext,
  planned: readonly Planned[],
): Promise<Map<string, ShipmentView | ApiError>> {
  const scope = scopeOf(auth);
  const updated = await updateShipmentStates(tx, scope.companyId, planned.map(stateOf));
  const done = planned.filter((item) => updated.has(item.change.id));
  await recordLineChanges(
    tx,
    actorOf(auth),
    done.map((item) => {
      const { statusId, reasonId } = stateOf(item);
      return {
        shipmentId: item.view.shipment.id,
        companyId: scope.companyId,
        userId: auth.user.id,
        statusId,
        reasonId,
        modifiedFields: item.computed.modified,
      };
    }),
  );
  const after = await findShipmentsById(
    tx,
    scope,
    planned.map((item) => item.change.id),
  );
  const afterById = new Map(after.map((view) => [view.shipment.id, view]));
  const outcomes = new Map<string, ShipmentView | ApiError>();
  for (const { change } of planned) {
    const current = afterById.get(change.id);
    if (!current) outcomes.set(change.key, errors.notFound());
    else if (updated.has(change.id)) outcomes.set(change.key, current);
    // Another writer got there between the read and the write.
    else outcomes.set(change.key, await stale(tx, current));
  }
  return outcomes;
}

/** Every claimed change checked, then the ones that change something written together. */
async function applyClaimed(
  tx: Executor,
  auth: AuthContext,
  claimed: readonly ShipmentChange[],
  lookups: ChangeLookups,
): Promise<Map<string, ShipmentView | ApiError>> {
  const views = await findShipmentsById(
    tx,
    scopeOf(auth),
    claimed.map((change) => change.id),
  );
  const viewById = new Map(views.map((view) => [view.shipment.id, view]));
  const outcomes = new Map<string, ShipmentView | ApiError>();
  const planned: Planned[] = [];
  for (const change of claimed) {
    const outcome = await check(tx, auth, change, viewById.get(change.id), lookups);
    if ("computed" in outcome) planned.push(outcome);
    else outcomes.set(change.key, outcome);
  }
  if (planned.length === 0) return outcomes;
  for (const [key, outcome] of await write(tx, auth, planned)) outcomes.set(key, outcome);
  return outcomes;
}

/**
 * POST /api/shipment-changes: queued status and reason changes of one device user, applied as
 * if each were sent alone as PATCH /api/{type}/{id} with its Idempotency-Key and If-Match, and
 * answered in the same order with what that PATCH would have answered. Each key is claimed
 * and its answer stored exactly as the single PATCH stores it, so a change answered here is
 * answered the same way by a later PATCH with its key, and the other way round. A change the
 * caller's roles may not make answers 403 without claiming its key (as the PATCH's guard
 * would), so a caller without write rights claims nothing.
 */
export async function applyShipmentChanges(
  db: Db,
  auth: AuthContext,
  batch: ShipmentChangesRequest,
): Promise<ShipmentChangeAnswer[]> {
  const now = new Date();
  const context = claimContextOf(db);
  const claimer: Claimer = { userId: auth.user.id, instanceId: context.lease.id };
  const answers = new Map<string, { status: number; body: unknown }>();
  const forbidden = errors.forbidden();
  const claimable = batch.changes.filter((change) => {
    if (permitted(auth, change)) return true;
    answers.set(change.key, { status: forbidden.statusCode, body: forbidden.toBody() });
    return false;
  });
  const attempts: Attempt[] = claimable.map((change) => ({
    key: change.key,
    userId: auth.user.id,
    companyId: auth.company.id,
    method: "PATCH",
    path: pathOf(change),
    requestHash: requestHash(change.body),
  }));
  const claims = await claimAll(context, attempts);
  const claimed: ShipmentChange[] = [];
  for (const change of claimable) {
    const claim = claims.get(change.key);
    if (claim instanceof ApiError) {
      answers.set(change.key, { status: claim.statusCode, body: claim.toBody() });
    } else if (claim?.kind === "mismatch") {
      const mismatch = errors.idempotencyMismatch();
      answers.set(change.key, { status: mismatch.statusCode, body: mismatch.toBody() });
    } else if (claim?.kind === "replay") {
      answers.set(change.key, {
        status: claim.row.statusCode ?? 200,
        body: claim.row.responseBody,
      });
    } else {
      claimed.push(change);
    }
  }
  let stored: StoredAnswer[];
  try {
    const lookups = await batchLookups(db);
    // The changes and their stored answers commit together: a change is never applied without
    // the answer its retry will get.
    stored = await db.transaction(async (tx) => {
      const outcomes = await applyClaimed(tx, auth, claimed, lookups);
      const answers = claimed.map((change) =>
        answerOf(change.key, outcomes.get(change.key) ?? errors.notFound(), now),
      );
      await storeAll(tx, claimer, answers);
      return answers;
    });
  } catch (error) {
    await releaseAll(
      db,
      claimer,
      claimed.map((change) => change.key),
    );
    throw error;
  }
  for (const answer of stored) {
    answers.set(answer.key, { status: answer.statusCode, body: answer.body });
  }
  return batch.changes.map((change) => ({
    key: change.key,
    ...(answers.get(change.key) ?? { status: 500, body: null }),
  }));
}
