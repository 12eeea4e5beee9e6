import { expect } from "vitest";
import type { z } from "zod";

/**
 * `body` (an answer's JSON) after proving it is exactly the contract's shape, for the routes
 * that send their answer as the presenter built it, unchecked (http/sent-as-built.ts): parsing
 * it with `schema` must leave it unchanged. A missing field or one of another type fails the
 * parse; an extra key at any depth is dropped by the parse and the comparison sees it gone; a
 * field the schema would fill in (a default) shows up in the parsed copy only.
 */
export function inContract<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  expect(schema.parse(body)).toStrictEqual(body);
  return body as z.output<Schema>;
}
