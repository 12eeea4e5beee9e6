-- BI's departure of a line, stored (issue 30): the truck's first check-out after the line's
-- arrival, else the loading or discharge time (action_date) when it is not before the arrival.
-- Looked up per line at query time it cost BI one check-out lookup for each of 333,000 arrived
-- lines of a year (dwell, scorecard and indicators over 1 s at a million lines). Triggers keep
-- it, so no write path can forget it: the line's own row trigger when its truck, arrival or
-- action time changes, and a check-in row trigger when a check-out is added, moved or removed.
ALTER TABLE "shipments" ADD COLUMN "departure_date" timestamp with time zone;
--> statement-breakpoint
CREATE FUNCTION "shipment_departure"("company" integer, "truck" integer, "arrival" timestamptz,
    "action" timestamptz) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN "arrival" IS NOT NULL THEN coalesce(
    (SELECT min(o."created_at") FROM "check_ins" o WHERE o."company_id" = "company"
      AND o."shipper_id" = "truck" AND o."kind" = 'out' AND o."created_at" >= "arrival"),
    CASE WHEN "action" >= "arrival" THEN "action" END) END
$$;
--> statement-breakpoint
CREATE FUNCTION "set_shipment_departure"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."departure_date" := "shipment_departure"(NEW."company_id", NEW."shipper_id",
    NEW."arrival_date", NEW."action_date");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shipments_departure" BEFORE INSERT OR UPDATE OF "company_id", "shipper_id",
  "arrival_date", "action_date", "departure_date" ON "shipments"
  FOR EACH ROW EXECUTE FUNCTION "set_shipment_departure"();
--> statement-breakpoint
-- A check-out added, moved or removed: the truck's lines that arrived before it are computed
-- again (a truck's lines, by shipments_shipper_idx); only those whose departure changes are
-- written, so the change feed sends again just the lines of this visit.
CREATE FUNCTION "refresh_truck_departures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "gate" "check_ins";
BEGIN
  FOREACH "gate" IN ARRAY ARRAY[OLD, NEW] LOOP
    CONTINUE WHEN "gate" IS NULL OR "gate"."kind" <> 'out' OR "gate"."shipper_id" IS NULL;
    UPDATE "shipments" s SET "departure_date" = "shipment_departure"(s."company_id",
        s."shipper_id", s."arrival_date", s."action_date")
      WHERE s."shipper_id" = "gate"."shipper_id" AND s."company_id" = "gate"."company_id"
        AND s."arrival_date" <= "gate"."created_at"
        AND s."departure_date" IS DISTINCT FROM "shipment_departure"(s."company_id",
          s."shipper_id", s."arrival_date", s."action_date");
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "check_ins_departure" AFTER INSERT OR UPDATE OR DELETE ON "check_ins"
  FOR EACH ROW EXECUTE FUNCTION "refresh_truck_departures"();
--> statement-breakpoint
-- The back-fill changes nothing a device holds (the change feed does not carry the column), so
-- the change log's trigger sits it out instead of sending every arrived line again.
ALTER TABLE "shipments" DISABLE TRIGGER "shipments_log_update";
--> statement-breakpoint
UPDATE "shipments" SET "departure_date" = NULL WHERE "arrival_date" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "shipments" ENABLE TRIGGER "shipments_log_update";
--> statement-breakpoint
-- Dwell's arrived lines read the departure from the index too (an index-only scan, as 0018).
DROP INDEX IF EXISTS "shipments_company_arrival_metrics_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_company_arrival_metrics_idx" ON "shipments" USING btree ("company_id","arrival_date") INCLUDE ("type","client_id","shipper_id","departure_date") WHERE "shipments"."deleted_at" is null and "shipments"."arrival_date" is not null;
--> statement-breakpoint
-- The carrier scorecard's lines (booked in a range, with a truck) with what it reads, so a
-- year of them is an index-only scan, not a read of every line of the company.
CREATE INDEX IF NOT EXISTS "shipments_company_booked_truck_metrics_idx" ON "shipments" USING btree ("company_id","booked_date") INCLUDE ("type","client_id","shipper_id","status_id","arrival_date","departure_date") WHERE "shipments"."deleted_at" is null and "shipments"."shipper_id" is not null;
