-- BI dwell (issue 16): the arrived live lines of a company by arrival time, with what a dwell
-- figure reads in the index (an index-only scan of the arrived lines, not a read of every line),
-- and each truck's check-outs by time, so a line's first check-out after its arrival is one
-- index entry.
CREATE INDEX IF NOT EXISTS "shipments_company_arrival_metrics_idx" ON "shipments" USING btree ("company_id","arrival_date") INCLUDE ("type","client_id","shipper_id","action_date","booked_date") WHERE "shipments"."deleted_at" is null and "shipments"."arrival_date" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "check_ins_shipper_out_idx" ON "check_ins" USING btree ("shipper_id","created_at") INCLUDE ("company_id") WHERE "check_ins"."kind" = 'out';
