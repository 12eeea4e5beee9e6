-- BI metrics (issue 16): lines of a company by booked date whatever their type, read from the
-- index alone (type and client in it), so a one-year count never reads the table.
CREATE INDEX IF NOT EXISTS "shipments_company_booked_metrics_idx" ON "shipments" USING btree ("company_id","booked_date") INCLUDE ("type","client_id") WHERE "shipments"."deleted_at" is null;
