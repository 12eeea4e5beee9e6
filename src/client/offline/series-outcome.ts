import { DateTime } from "luxon";
import { FIRST_VERSION } from "../../shared/constants";
import { type NotCreated, seriesResultOf } from "../../shared/contract/scheduling";
import { Shipment } from "../../shared/contract/shipments";
import { writeInstant } from "../../shared/contract/shipments-write";
import { db, type OutboxRow, type SyncIssueRow } from "./db";
import { recordSync } from "./list-pages";
import { entityKeyOf, localId, localIdOf, withChanges } from "./outbox";
import { newerThanMirror } from "./page-rules";
import { REPLAY_RESOURCE, rememberAnswered } from "./replay-outcome";
import { shipmentLabel } from "./shipments-mirror";

/**
 * A repeated line queued offline (issue 24, features/shipments/form-commands.ts
 * `queueSeriesCreation`): one outbox entry, PUT api/{type}/series/{uid}, answered
 * `{created, not_created}`. Acknowledging it (in one transaction, like `acknowledge`): the
 * entry leaves, the first occurrence the device showed gives way to the lines the server made,
 * the changes made to that line meanwhile go to the server's line of the first occurrence, and
 * each occurrence the dock refused becomes ONE sync issue: a refused creation of that date
 * (its reason code on `booked_date`: slot_full, restricted_date, outside_hours, invalid), which
 * the sync issues page offers to re-book with this device's values for that date.
 */
export interface SeriesAnswer {
  series: true;
  created: Shipment[];
  notCreated: NotCreated[];
}

const SERIES_PATH = /^api\/(expedition|reception)\/series\/[^/]+$/;
const SERIES_RESULT = seriesResultOf(Shipment);

export function isSeriesEntry(entry: Pick<OutboxRow, "path">): boolean {
  return SERIES_PATH.test(entry.path);
}

export function parseSeriesAnswer(body: unknown): SeriesAnswer {
  const parsed = SERIES_RESULT.parse(body);
  return { series: true, created: parsed.created, notCreated: parsed.not_created };
}

export function isSeriesAnswer(answer: unknown): answer is SeriesAnswer {
  return typeof answer === "object" && answer !== null && "series" in answer;
}

/** Settles an accepted series; resolves to the sync issues of the occurrences not created. */
export async function acknowledgeSeries(
  entry: OutboxRow,
  answer: SeriesAnswer,
  now: number = Date.now(),
): Promise<SyncIssueRow[]> {
  const issues: SyncIssueRow[] = [];
  await db.transaction("rw", [db.outbox, db.meta, db.shipments, db.syncIssues], async () => {
    // Another tab already answered it: nothing to do.
    if (entry.seq === undefined || !(await db.outbox.get(entry.seq))) return;
    await db.outbox.delete(entry.seq);
    await recordSync(Number(entry.company), REPLAY_RESOURCE, now);
    const shown = entry.changes as unknown as Shipment;
    const local = localIdOf(entry);
    if (local !== null) await db.shipments.delete(local);
    // Changes of the shown line made while the series waited (its queue is that line's uid).
    const rest = await db.outbox.where("entityKey").equals(entry.entityKey).sortBy("seq");
    const first = answer.created.find((line) => line.uid === shown.uid);
    const lines = await newerThanMirror(db.shipments, answer.created);
    if (first && local !== null) await rememberAnswered("shipment", local, first.id);
    if (first) {
      for (const next of rest) {
        next.entityId = first.id;
        next.entityKey = entityKeyOf("shipment", first.id);
        if (local !== null) next.path = next.path.replace(new RegExp(`/${local}$`), `/${first.id}`);
        // Made on the values the device created: on the version the creation made (as
        // replay-outcome.ts rebases changes queued behind a single creation).
        next.baseVersion = FIRST_VERSION;
      }
      await db.outbox.bulkPut(rest);
    }
    await db.shipments.bulkPut(
      lines.map((line) => (line.id === first?.id ? withChanges(line, rest) : line)),
    );
    // The first occurrence refused (the earliest date, when no created line names its uid):
    // its issue keeps the shown line's uid and takes the changes made to it meanwhile, as a
    // refused creation does (replay-outcome.ts `refuse`), so re-booking keeps them.
    const firstMissed = first ? undefined : answer.notCreated[0];
    for (const missed of answer.notCreated) {
      const issue = occurrenceIssue(entry, shown, missed, missed === firstMissed, now);
      if (missed === firstMissed) {
        for (const each of rest) {
          issue.body = { ...issue.body, ...each.body };
          issue.changes = { ...issue.changes, ...each.changes };
        }
      }
      issue.id = await db.syncIssues.add(issue);
      issues.push(issue);
    }
    if (!first) await db.outbox.bulkDelete(rest.map((each) => each.seq as number));
  });
  return issues;
}

/**
 * One occurrence the dock refused, as a refused creation of that date: a single PUT to a uid
 * of its own (the first occurrence keeps the uid the device showed it under), the series'
 * body without its rule, booked (and acted, shifted alike) on that date.
 */
function occurrenceIssue(
  entry: OutboxRow,
  shown: Shipment,
  missed: NotCreated,
  isFirst: boolean,
  now: number,
): SyncIssueRow {
  const uid = isFirst ? shown.uid : crypto.randomUUID();
  const booked = DateTime.fromISO(missed.booked_date).toISO({ suppressMilliseconds: true });
  const { rrule_str: _rule, ...body } = (entry.body ?? {}) as Record<string, unknown>;
  const dates: Record<string, unknown> = { booked_date: booked ?? missed.booked_date };
  const action = body.action_date;
  if (typeof action === "string" && typeof body.booked_date === "string") {
    const offset = writeInstant(action).getTime() - writeInstant(body.booked_date).getTime();
    const acted = DateTime.fromMillis(writeInstant(missed.booked_date).getTime() + offset);
    dates.action_date = acted.toISO({ suppressMilliseconds: true });
  }
  return {
    entity: "shipment",
    entityId: uid,
    op: "create",
    method: "PUT",
    path: entry.path.replace(/\/series\/[^/]+$/, `/uid/${uid}`),
    body: { ...body, ...dates },
    changes: { ...entry.changes, ...dates, id: localId(), uid, rrule_str: null },
    summary: { ...entry.summary, label: shipmentLabel(shown.code, String(dates.booked_date)) },
    userId: entry.userId,
    username: entry.username,
    company: entry.company,
    status: 400,
    code: "validation_error",
    message: "This occurrence of the repeated line was not created",
    fieldCodes: { booked_date: missed.code },
    changedBy: null,
    madeAt: entry.createdAt,
    refusedAt: now,
  };
}
