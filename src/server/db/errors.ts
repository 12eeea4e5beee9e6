/**
 * Recognises constraint violations under Drizzle's wrapping (DrizzleQueryError.cause), for both
 * node-postgres and PGlite, which report PostgreSQL's SQLSTATE and constraint name alike.
 */
const UNIQUE_VIOLATION = "23505";

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function* causes(error: unknown): Generator<PgErrorFields> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    yield current as PgErrorFields;
    current = (current as PgErrorFields).cause;
  }
}

/** True when the error is a unique violation of `constraint` (a unique index's name). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (const fields of causes(error)) {
    if (fields.code === UNIQUE_VIOLATION && fields.constraint === constraint) return true;
  }
  return false;
}
