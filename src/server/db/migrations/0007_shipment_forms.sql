CREATE TABLE "client_companies" (
	"client_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "client_companies_client_id_company_id_pk" PRIMARY KEY("client_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "uid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "packing_list" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_companies_company_idx" ON "client_companies" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_company_uid_key" ON "shipments" USING btree ("company_id","uid");--> statement-breakpoint
-- Every existing client belongs to the company it was created in.
INSERT INTO "client_companies" ("client_id", "company_id") SELECT "id", "company_id" FROM "clients";
