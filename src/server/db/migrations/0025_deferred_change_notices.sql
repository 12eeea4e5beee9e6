-- Issue 30: a transaction that NOTIFYs takes one lock for the whole PostgreSQL server at commit
-- and holds it through its commit's WAL flush, so concurrent writers commit one at a time
-- (pgbench, 16 writers, one-row updates on 2 cores: ~290 commits/s with the notify in the
-- transaction, ~1,700 with the same notify sent after commit in a transaction of its own, which
-- writes no WAL to flush, against ~2,000 without). The change-log triggers now hand the notice
-- to the app's own connections (they run with yardline.defer_notify = on, db/postgres.ts) as a
-- NOTICE with code YLCHG, which db/deferred-notify.ts sends with pg_notify once the transaction
-- has committed; every other writer (psql, scripts, PGlite) still notifies in the transaction.
CREATE FUNCTION "send_change_notices"("notices" text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "notice" text;
BEGIN
  IF current_setting('yardline.defer_notify', true) = 'on' THEN
    FOREACH "notice" IN ARRAY coalesce("notices", '{}') LOOP
      RAISE NOTICE USING MESSAGE = "notice", DETAIL = 'yardline_changes', ERRCODE = 'YLCHG';
    END LOOP;
  ELSE
    PERFORM pg_notify('yardline_changes', "each") FROM unnest("notices") AS "each";
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "log_shipper_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "change_log" ("entity", "entity_id", "company_id", "change_xid", "deleted")
    SELECT 'shipper', "id", "company_id", pg_current_xact_id(), TG_OP = 'DELETE' FROM "changed"
    ON CONFLICT ("entity", "entity_id") DO UPDATE SET "company_id" = excluded."company_id",
      "change_xid" = excluded."change_xid", "deleted" = excluded."deleted";
  -- Delivered at commit, to every server instance (LISTEN yardline_changes); at most 100 ids.
  PERFORM "send_change_notices"(array_agg("notice")) FROM (
    SELECT json_build_object(
      'company', "company_id", 'entity', 'shipper',
      'ids', CASE WHEN count(*) <= 100 THEN json_agg("id" ORDER BY "id") END)::text AS "notice"
    FROM "changed" GROUP BY "company_id") AS "notices";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "log_shipment_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "change_log" ("entity", "entity_id", "company_id", "change_xid", "deleted")
    SELECT 'shipment', "id", "company_id", pg_current_xact_id(),
      TG_OP = 'DELETE' OR "deleted_at" IS NOT NULL FROM "changed"
    ON CONFLICT ("entity", "entity_id") DO UPDATE SET "company_id" = excluded."company_id",
      "change_xid" = excluded."change_xid", "deleted" = excluded."deleted";
  -- clients and types let a stream skip what its user may not see (null: too many to list).
  PERFORM "send_change_notices"(array_agg("notice")) FROM (
    SELECT json_build_object(
      'company', "company_id", 'entity', 'shipment',
      'ids', CASE WHEN count(*) <= 100 THEN json_agg("id" ORDER BY "id") END,
      'clients', CASE WHEN count(DISTINCT "client_id") <= 50
        THEN json_agg(DISTINCT "client_id") FILTER (WHERE "client_id" IS NOT NULL) END,
      'types', json_agg(DISTINCT "type"))::text AS "notice"
    FROM "changed" GROUP BY "company_id") AS "notices";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "log_critical_line_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "change_log" ("entity", "entity_id", "company_id", "change_xid", "deleted")
    SELECT 'critical_line', "id", "company_id", pg_current_xact_id(), TG_OP = 'DELETE' FROM "changed"
    ON CONFLICT ("entity", "entity_id") DO UPDATE SET "company_id" = excluded."company_id",
      "change_xid" = excluded."change_xid", "deleted" = excluded."deleted";
  PERFORM "send_change_notices"(array_agg("notice")) FROM (
    SELECT json_build_object(
      'company', "company_id", 'entity', 'critical_line',
      'ids', CASE WHEN count(*) <= 100 THEN json_agg("id" ORDER BY "id") END)::text AS "notice"
    FROM "changed" GROUP BY "company_id") AS "notices";
  RETURN NULL;
END $$;
