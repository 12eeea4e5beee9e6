import { and, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { ChangeEntity } from "../../shared/change-cursor";
import type { Executor } from "./database";
import { changeLog } from "./schema/changes";

/**
 * Exact list totals reused until their scope's data changes (issue 30), correct across
 * instances on one PostgreSQL without any message between them.
 *
 * A company's version is the highest stamp of its change_log rows (the triggers of migration
 * 0004 write one in the writing transaction, for every insert, update and delete, whatever the
 * path): an index lookup on change_log_company_xid_idx. A total counted in a snapshot whose
 * xmin is above that version may be kept under it: every transaction the snapshot does not
 * see is still running or yet to come, so has an id >= xmin > version, and once it commits its
 * own stamp (or a later writer's, never a lower one) sits in the log: the version moves. A
 * later read that finds the same version therefore sees exactly the rows the total counted.
 * With xmin at or below the version the total is kept only if each older running transaction
 * belongs to another database (noOlderWriter): one still running here may commit below it.
 * A company's lines never change company (no write sets company_id), or a move out would not
 * always move the old company's version.
 *
 * The version, the test and the total are read in the statement that reads the page (one
 * snapshot, one round trip): `case when version = known then null else (count) end`, and
 * PostgreSQL evaluates the count's InitPlan only when that branch is taken.
 */
const MAX_ENTRIES = 1_000;

export interface CountedVersion {
  /** The company's change_log version (xid8, as text) the total was counted at. */
  version: string;
  count: number;
}

/**
 * No transaction of this database older than `version` is still running, as of the statement's
 * snapshot: xmin is above it, or each running id below it belongs to a session of another
 * database (xids are the cluster's: a long write elsewhere must not stop the reuse here). A
 * running id no session shows (it ended since the snapshot, a subtransaction, a prepared
 * transaction) counts as ours. Checked only when xmin is not enough (OR evaluates in order).
 */
function noOlderWriter(version: SQL): SQL {
  return sql`(pg_snapshot_xmin(pg_current_snapshot()) > ${version} or not exists (
    select from pg_snapshot_xip(pg_current_snapshot()) as running (xid)
    where running.xid < ${version} and not exists (
      select from pg_stat_get_activity(null) as session
      where session.backend_xid = running.xid::xid and session.datid <> (
        select oid from pg_database where datname = current_database()))))`;
}

/** A company's change_log rows of these entities. */
function ofCompany(company: number | SQLWrapper, entities: readonly ChangeEntity[]) {
  return and(eq(changeLog.companyId, company), inArray(changeLog.entity, [...entities]));
}

/** A total counted anew, with the version to keep it under (null: not to be kept). */
export interface Counted {
  version: string | null;
  count: number;
}

/**
 * The select column of a kept total: null while the company's version is still `known` (the
 * kept version as text, or null), else the total counted anew with its version. One change_log
 * lookup on a hit; `count` (the counting subquery) and the older-writer check run only on a miss.
 */
export function countedColumn(options: {
  company: number | SQLWrapper;
  entities: readonly ChangeEntity[];
  known: string | null | SQLWrapper;
  count: SQL;
}) {
  const { company, entities, known, count } = options;
  const stamp = changeLog.changeXid;
  return sql`(select case when latest.version = ${known}::xid8 then null
      else json_build_object(
        'version', case when ${noOlderWriter(sql`latest.version`)} then latest.version::text end,
        'count', ${count}) end
    from (select max(${stamp}) as version from ${changeLog}
      where ${ofCompany(company, entities)}) as latest)`.mapWith(
    (value: unknown): Counted | null => (value === null ? null : (value as Counted)),
  );
}

/** Totals kept per database, most recently used last. */
const caches = new WeakMap<Executor, Map<string, CountedVersion>>();

export interface CountCache {
  get(key: string): CountedVersion | undefined;
  /** Keeps a total counted at `version` (no-op when version is null: not to be kept). */
  keep(key: string, version: string | null, count: number): void;
}

/** The kept totals of this database (one map per Db or transaction handle). */
export function countCacheOf(db: Executor): CountCache {
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
  }
  const map = entries;
  return {
    get(key) {
      const entry = map.get(key);
      if (entry) {
        map.delete(key);
        map.set(key, entry);
      }
      return entry;
    },
    keep(key, version, count) {
      if (version === null) return;
      map.delete(key);
      map.set(key, { version, count });
      if (map.size > MAX_ENTRIES) {
        const oldest = map.keys().next().value;
        if (oldest !== undefined) map.delete(oldest);
      }
    },
  };
}
