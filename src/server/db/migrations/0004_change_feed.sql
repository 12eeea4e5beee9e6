CREATE TABLE "change_log" (
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "change_log_pkey" PRIMARY KEY("entity","entity_id"),
	CONSTRAINT "change_log_entity_check" CHECK ("change_log"."entity" in ('shipment', 'shipper'))
);
--> statement-breakpoint
CREATE INDEX "change_log_company_xid_idx" ON "change_log" USING btree ("company_id","change_xid","entity","entity_id");--> statement-breakpoint
-- The change feed's stamps and tombstones, and the live-events notifications, are written by
-- these statement triggers, so no write path (routes, services, seeds, scripts, foreign-key
-- actions such as ON DELETE SET NULL) can forget them. One function per table; one trigger per
-- event, since a trigger with a transition table may have only one event.
CREATE FUNCTION "log_shipper_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "change_log" ("entity", "entity_id", "company_id", "change_xid", "deleted")
    SELECT 'shipper', "id", "company_id", pg_current_xact_id(), TG_OP = 'DELETE' FROM "changed"
    ON CONFLICT ("entity", "entity_id") DO UPDATE SET "company_id" = excluded."company_id",
      "change_xid" = excluded."change_xid", "deleted" = excluded."deleted";
  -- Delivered at commit, to every server instance (LISTEN yardline_changes); at most 100 ids.
  PERFORM pg_notify('yardline_changes', json_build_object(
      'company', "company_id", 'entity', 'shipper',
      'ids', CASE WHEN count(*) <= 100 THEN json_agg("id" ORDER BY "id") END)::text)
    FROM "changed" GROUP BY "company_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "log_shipment_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "change_log" ("entity", "entity_id", "company_id", "change_xid", "deleted")
    SELECT 'shipment', "id", "company_id", pg_current_xact_id(),
      TG_OP = 'DELETE' OR "deleted_at" IS NOT NULL FROM "changed"
    ON CONFLICT ("entity", "entity_id") DO UPDATE SET "company_id" = excluded."company_id",
      "change_xid" = excluded."change_xid", "deleted" = excluded."deleted";
  -- clients and types let a stream skip what its user may not see (null: too many to list).
  PERFORM pg_notify('yardline_changes', json_build_object(
      'company', "company_id", 'entity', 'shipment',
      'ids', CASE WHEN count(*) <= 100 THEN json_agg("id" ORDER BY "id") END,
      'clients', CASE WHEN count(DISTINCT "client_id") <= 50
        THEN json_agg(DISTINCT "client_id") FILTER (WHERE "client_id" IS NOT NULL) END,
      'types', json_agg(DISTINCT "type"))::text)
    FROM "changed" GROUP BY "company_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shippers_log_insert" AFTER INSERT ON "shippers" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_shipper_changes"();
--> statement-breakpoint
CREATE TRIGGER "shippers_log_update" AFTER UPDATE ON "shippers" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_shipper_changes"();
--> statement-breakpoint
CREATE TRIGGER "shippers_log_delete" AFTER DELETE ON "shippers" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_shipper_changes"();
--> statement-breakpoint
CREATE TRIGGER "shipments_log_insert" AFTER INSERT ON "shipments" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_shipment_changes"();
--> statement-breakpoint
CREATE TRIGGER "shipments_log_update" AFTER UPDATE ON "shipments" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_shipment_changes"();
--> statement-breakpoint
CREATE TRIGGER "shipments_log_delete" AFTER DELETE ON "shipments" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_shipment_changes"();
--> statement-breakpoint
-- Rows that exist before the feed: stamped with this migration's transaction.
INSERT INTO "change_log" ("entity", "entity_id", "company_id", "deleted")
  SELECT 'shipper', "id", "company_id", false FROM "shippers";
--> statement-breakpoint
INSERT INTO "change_log" ("entity", "entity_id", "company_id", "deleted")
  SELECT 'shipment', "id", "company_id", "deleted_at" IS NOT NULL FROM "shipments";
