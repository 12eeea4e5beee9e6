ALTER TABLE "shippers" ADD COLUMN "uid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shippers_company_uid_key" ON "shippers" USING btree ("company_id","uid");