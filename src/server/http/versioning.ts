import { z } from "zod";
import { type ApiError, errors } from "../errors";

/**
 * Optimistic concurrency (ARCHITECTURE.md, "Concurrency and replay"): every mutable row has an
 * integer version, sent as the ETag `"<version>"`. A write may name the version it was based
 * on with If-Match; when the row has moved on, the write answers 412 with the current row.
 */
export const IfMatchHeaders = z.object({
  "if-match": z
    .string()
    .max(200)
    .optional()
    .describe(
      'ETag of the version the change is based on, e.g. "3" (W/"3" and a bare 3 are accepted ' +
        "too; * matches any). A stale one answers 412 precondition_failed with the current row.",
    ),
});

export function etagOf(version: number): string {
  return `"${version}"`;
}

/**
 * The 412 of a write based on another version: the row as it is now (as the route presents
 * it) and its ETag; `extra`, more body members the route declares (changed_by).
 */
export function staleVersion(
  current: unknown,
  version: number,
  extra?: Record<string, unknown>,
): ApiError {
  return errors.preconditionFailed(current, etagOf(version), extra);
}

const TAG = /^(?:W\/)?"(\d{1,9})"$|^(\d{1,9})$/;

/**
 * The versions an If-Match header accepts; undefined when there is no condition (absent or *).
 * A value that is not an entity tag is a 400, not a silent match.
 */
export function ifMatchVersions(header: string | undefined): number[] | undefined {
  if (header === undefined || header.trim() === "" || header.trim() === "*") return undefined;
  const versions: number[] = [];
  for (const part of header.split(",")) {
    const match = TAG.exec(part.trim());
    const digits = match?.[1] ?? match?.[2];
    if (digits === undefined) {
      throw errors.validation(
        { "if-match": ['Expected an entity tag such as "3"'] },
        "The If-Match header is not valid",
      );
    }
    versions.push(Number(digits));
  }
  return versions;
}
