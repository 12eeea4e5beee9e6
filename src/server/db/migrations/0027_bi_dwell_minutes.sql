-- BI's dwell stored (issue 30): minutes from a line's arrival to its departure (0024), computed
-- by the database from the two instants whenever either changes (a generated column: no writer
-- and no trigger can forget it), the same float8 BI's percentiles sorted when they computed it
-- per line; that numeric cast per line was most of a year of dwell per carrier and of the
-- scorecard at a million lines. Adding it rewrites the table once.
ALTER TABLE "shipments" ADD COLUMN "dwell_minutes" double precision GENERATED ALWAYS AS ((extract(epoch from "departure_date" - "arrival_date") / 60)::float8) STORED;
--> statement-breakpoint
-- Dwell's arrived lines read the stored minutes from their index (an index-only scan).
DROP INDEX IF EXISTS "shipments_company_arrival_metrics_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_company_arrival_metrics_idx" ON "shipments" USING btree ("company_id","arrival_date") INCLUDE ("type","client_id","shipper_id","dwell_minutes") WHERE "shipments"."deleted_at" is null and "shipments"."arrival_date" is not null;
--> statement-breakpoint
-- The scorecard's lines with a truck, with the stored minutes; and the warehouse, so the
-- indicators' trucks served in area C stay index-only.
DROP INDEX IF EXISTS "shipments_company_booked_truck_metrics_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_company_booked_truck_metrics_idx" ON "shipments" USING btree ("company_id","booked_date") INCLUDE ("type","client_id","shipper_id","status_id","arrival_date","dwell_minutes","warehouse") WHERE "shipments"."deleted_at" is null and "shipments"."shipper_id" is not null;
--> statement-breakpoint
-- The indicators read every line of two periods: status, arrival, departure and warehouse join
-- the booked-date index the line counts use, so two years of lines are an index-only scan
-- instead of a read of the table.
DROP INDEX IF EXISTS "shipments_company_booked_metrics_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_company_booked_metrics_idx" ON "shipments" USING btree ("company_id","booked_date") INCLUDE ("type","client_id","status_id","shipper_id","arrival_date","departure_date","warehouse") WHERE "shipments"."deleted_at" is null;
