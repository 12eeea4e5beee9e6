DROP INDEX "shippers_company_plate_key";--> statement-breakpoint
ALTER TABLE "dock_schedules" ADD COLUMN "limit_expeditions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shippers" ADD COLUMN "plate_key" text GENERATED ALWAYS AS (upper(regexp_replace("plate", '[[:space:]‐-―-]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shippers_company_plate_key" ON "shippers" USING btree ("company_id","plate_key");--> statement-breakpoint
-- Issue 25: status 7 (and the receptions' 12) is "delay" (spec 02 section 3); attention_req is
-- company bw's special status, a row of its own (src/shared/contract/status.ts, STATUSES).
UPDATE "statuses" SET "description" = 'delay' WHERE "id" IN (7, 12);--> statement-breakpoint
INSERT INTO "statuses" ("id", "type", "description", "color", "ordering", "incidence") VALUES
	(13, 1, 'attention_req', '#e91e63', 9, false);
