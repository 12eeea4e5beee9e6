import { z } from "zod";
import { MAX_ID, QueryId } from "../../shared/contract/fields";

/** Largest value of a PostgreSQL integer column: larger ids are a 400, never a 500. */
export const MAX_DB_ID = MAX_ID;

/** A row id from a path, query or header (the shared contract's QueryId). */
export const DbId = QueryId;

export const IdParams = z.object({ id: DbId });

/** The path of a create-once route (PUT /<resource>/uid/:uid). */
export const UidParams = z.object({
  uid: z.uuid().describe("Client-generated UUID of the creation"),
});
