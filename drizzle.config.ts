import { defineConfig } from "drizzle-kit";

/** `npm run db:generate` writes a numbered SQL migration for schema changes. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/*.ts",
  out: "./src/server/db/migrations",
});
