import { db } from "./db";

/**
 * The versions this device's own answered changes gave a row (db.meta `own-version:<row>`):
 * from the version a change was made on to the version its answer carried, consecutive own
 * changes joined into one span. A delete is made on the version the user saw; if this device's
 * own change was answered between the list showing the row and the delete being queued, that
 * version is older than the mirror's only because of this device, and the delete goes on the
 * newer one instead of being refused 412 for the device's own edit (found by the sync property
 * runs, issue 30: SYNC_SEED=861444128). A version moved by anyone else is not in the span, so
 * such a delete still meets its 412 and the sync issue says who changed the line.
 */
interface OwnSpan {
  from: number;
  to: number;
  /** When the span last grew (ms): spans older than OWN_SPAN_MS are pruned. */
  at: number;
}

/** How long an answered change can still explain a view the user acts on. */
const OWN_SPAN_MS = 24 * 60 * 60 * 1000;
const PREFIX = "own-version:";

/** How often the spans are swept for old ones (a sweep reads them all). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const SWEPT_KEY = "own-versions-swept";

/**
 * Records that this device's change of `entityKey`, made on `from`, was answered with `to`
 * (call inside a transaction that holds db.meta).
 */
export async function recordOwnVersion(
  entityKey: string,
  from: number,
  to: number,
  now: number,
): Promise<void> {
  if (to <= from) return;
  const key = PREFIX + entityKey;
  const held = (await db.meta.get(key))?.value as OwnSpan | undefined;
  const joined = held && held.to === from ? held.from : from;
  await db.meta.put({ key, value: { from: joined, to, at: now } satisfies OwnSpan });
}

/**
 * Forgets spans older than a day, at most once an hour (a sweep reads every span): call once per
 * answered batch, inside a transaction that holds db.meta.
 */
export async function sweepOwnVersions(now: number): Promise<void> {
  const swept = (await db.meta.get(SWEPT_KEY))?.value;
  if (typeof swept === "number" && swept > now - SWEEP_EVERY_MS && swept <= now) return;
  await db.meta.put({ key: SWEPT_KEY, value: now });
  const stale = await db.meta
    .where("key")
    .startsWith(PREFIX)
    .filter((row) => ((row.value as OwnSpan | undefined)?.at ?? 0) < now - OWN_SPAN_MS)
    .primaryKeys();
  if (stale.length > 0) await db.meta.bulkDelete(stale);
}

/**
 * The version a change made on `seen` should name, the row being at `current` on this device:
 * `current` when only this device's own answered changes lie between them, else `seen` (call
 * inside a transaction that holds db.meta).
 */
export async function versionAfterOwnChanges(
  entityKey: string,
  seen: number,
  current: number,
): Promise<number> {
  if (current <= seen) return seen;
  const span = (await db.meta.get(PREFIX + entityKey))?.value as OwnSpan | undefined;
  return span && span.from <= seen && span.to === current ? current : seen;
}
