-- BI incidences (issue 16): a company's live lines by status and booked date, with type, client
-- and reason in the index, so counting a year of incidences by status and reason reads only
-- the incidences and never the table (index-only scan), instead of every line of the range.
CREATE INDEX IF NOT EXISTS "shipments_company_status_booked_metrics_idx" ON "shipments" USING btree ("company_id","status_id","booked_date") INCLUDE ("type","client_id","reason_id") WHERE "shipments"."deleted_at" is null;
