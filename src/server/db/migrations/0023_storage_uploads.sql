CREATE TABLE "storage_uploads" (
	"bucket" text NOT NULL,
	"object_key" text NOT NULL,
	"upload_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_uploads_bucket_object_key_upload_id_pk" PRIMARY KEY("bucket","object_key","upload_id")
);
--> statement-breakpoint
CREATE INDEX "storage_uploads_started_at_idx" ON "storage_uploads" USING btree ("started_at");