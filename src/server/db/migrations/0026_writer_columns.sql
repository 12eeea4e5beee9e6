ALTER TABLE "shippers" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "task_lines" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "shippers" ADD CONSTRAINT "shippers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_lines" ADD CONSTRAINT "task_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;