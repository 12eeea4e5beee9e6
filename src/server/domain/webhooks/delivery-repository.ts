import { sql } from "drizzle-orm";
import type { Executor } from "../../db/database";

/** A delivery claimed for one attempt, with what it takes to send it. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  createdAt: Date;
  endpointId: number;
  url: string;
  secret: string;
  eventUid: string;
  payload: unknown;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Claims up to `limit` due deliveries for one attempt each, in one statement on any instance:
 * `FOR UPDATE SKIP LOCKED` lets concurrent workers take different rows, and a claim moves the
 * row's next attempt `leaseSeconds` ahead, so a worker that dies mid-send leaves it to be
 * tried again then. A delivery waits while an earlier one of the same entity to the same
 * endpoint is still pending (order per entity). One endpoint a claim, so the worker keeps each
 * endpoint to its share of the slots (a slow receiver does not take every slot).
 */
export async function claimDeliveries(
  db: Executor,
  endpointId: number,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      where d.endpoint_id = ${endpointId} and d.state = 'pending' and d.next_attempt_at <= now()
        and not exists (select 1 from webhook_deliveries p
          where p.endpoint_id = d.endpoint_id and p.entity_key = d.entity_key
            and p.state = 'pending' and p.id < d.id)
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    ),
    claimed as (
      update webhook_deliveries d
      set attempts = d.attempts + 1, last_attempt_at = now(),
        next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      from due where d.id = due.id
      returning d.id, d.attempts, d.created_at, d.endpoint_id, d.event_id
    )
    select c.id, c.attempts, c.created_at as "createdAt", c.endpoint_id as "endpointId",
      e.url, e.secret, v.uid as "eventUid", v.payload
    from claimed c
    join webhook_endpoints e on e.id = c.endpoint_id
    join webhook_events v on v.id = c.event_id
    order by c.id`);
  return rowsOf<ClaimedDelivery & { createdAt: Date | string; id: number | string }>(result).map(
    (row) => ({ ...row, id: Number(row.id), createdAt: new Date(row.createdAt) }),
  );
}

/** Endpoints with deliveries due now (no lock: a claim per endpoint follows). */
export async function dueEndpoints(db: Executor, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    select distinct endpoint_id from webhook_deliveries
    where state = 'pending' and next_attempt_at <= now() limit ${limit}`);
  return rowsOf<{ endpoint_id: number }>(result).map((row) => Number(row.endpoint_id));
}

export interface AttemptOutcome {
  status: number | null;
  ms: number;
  body: string;
}

/** A delivered attempt: the delivery is done, and its endpoint no longer failing. */
export async function markDelivered(
  db: Executor,
  claimed: ClaimedDelivery,
  outcome: AttemptOutcome,
) {
  await db.execute(sql`
    with done as (
      update webhook_deliveries set state = 'delivered', delivered_at = now(),
        response_status = ${outcome.status}, response_ms = ${outcome.ms},
        response_body = ${outcome.body}
      where id = ${claimed.id} and attempts = ${claimed.attempts} and state = 'pending'
      returning endpoint_id
    )
    update webhook_endpoints set failing_since = null
    where id in (select endpoint_id from done) and failing_since is not null`);
}

/**
 * A failed attempt: tried again at `retryAt`, or, past the give-up time, the delivery fails
 * and its endpoint is marked failing.
 */
export async function markAttemptFailed(
  db: Executor,
  claimed: ClaimedDelivery,
  outcome: AttemptOutcome,
  retryAt: Date | null,
) {
  const state = retryAt ? "pending" : "failed";
  await db.execute(sql`
    with done as (
      update webhook_deliveries set state = ${state},
        next_attempt_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
        response_status = ${outcome.status}, response_ms = ${outcome.ms},
        response_body = ${outcome.body}
      where id = ${claimed.id} and attempts = ${claimed.attempts} and state = 'pending'
      returning endpoint_id, state
    )
    update webhook_endpoints set failing_since = coalesce(failing_since, now())
    where id in (select endpoint_id from done where state = 'failed')`);
}

/** Removes finished deliveries and unreferenced events older than `days`. */
export async function pruneDeliveries(db: Executor, days: number): Promise<void> {
  await db.execute(sql`
    delete from webhook_deliveries where state <> 'pending'
      and created_at < now() - make_interval(days => ${days})`);
  await db.execute(sql`
    delete from webhook_events v where v.created_at < now() - make_interval(days => ${days})
      and not exists (select 1 from webhook_deliveries d where d.event_id = v.id)`);
}

/** What the outbox holds, for the operators' metrics (every company). */
export interface OutboxFigures {
  /** Deliveries still to be sent (due now, waiting for a retry, or in flight). */
  pending: number;
  /** Seconds since the oldest pending delivery's event (0 when none). */
  oldestPendingSeconds: number;
  /** Active endpoints marked failing (a delivery given up after the retries). */
  failingEndpoints: number;
}

export async function outboxFigures(db: Executor): Promise<OutboxFigures> {
  const result = await db.execute(sql`
    select
      (select count(*) from webhook_deliveries where state = 'pending') as pending,
      (select coalesce(extract(epoch from now() - min(created_at)), 0)
        from webhook_deliveries where state = 'pending') as oldest,
      (select count(*) from webhook_endpoints
        where active and failing_since is not null) as failing`);
  const [row] = rowsOf<{ pending: string; oldest: string; failing: string }>(result);
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSeconds: Number(row?.oldest ?? 0),
    failingEndpoints: Number(row?.failing ?? 0),
  };
}
