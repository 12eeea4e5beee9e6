CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;