-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite
-- loads it in db/pglite.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "shipments_code_trgm_idx" ON "shipments" USING gin ("code" gin_trgm_ops);
