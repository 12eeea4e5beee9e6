import { z } from "zod";

/** Largest value of a PostgreSQL integer column: larger ids are a 400, never a 500. */
export const MAX_DB_ID = 2_147_483_647;

/** A row id from a path, query or header. */
export const DbId = z.coerce.number().int().positive().max(MAX_DB_ID);

export const IdParams = z.object({ id: DbId });
