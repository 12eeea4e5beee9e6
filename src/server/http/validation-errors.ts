import type { ZodError } from "zod";
import type { FieldError } from "../../shared/contract/errors";
import { type ApiError, errors, type FieldCodes, type FieldErrors } from "../errors";

/**
 * Validation issues (Fastify's schema errors, a zod error a service raises) as the 400
 * validation_error: each field with its messages and the codes the client translates. The
 * error handler (plugins/errors.ts) and services that validate after the route use it.
 */
const CONTEXT_NAMES: Record<string, string> = {
  body: "body",
  querystring: "query",
  params: "params",
  headers: "headers",
};

export interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
  /** The zod issue code (fastify-type-provider-zod's keyword). */
  keyword?: string;
  /** The rest of the zod issue: minimum, maximum, origin, params.fieldCode... */
  params?: Record<string, unknown>;
}

function fieldName(issue: ValidationIssue, context: string): string {
  const path = issue.instancePath.split("/").filter(Boolean).join(".");
  return path === "" ? (CONTEXT_NAMES[context] ?? context) : path;
}

export function fieldErrors(issues: readonly ValidationIssue[], context: string): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const name = fieldName(issue, context);
    fields[name] = [...(fields[name] ?? []), issue.message ?? "Invalid value"];
  }
  return fields;
}

/** The value at a validation path of the request input (undefined when absent). */
function valueAt(input: unknown, instancePath: string): unknown {
  let current = input;
  for (const key of instancePath.split("/").filter(Boolean)) {
    if (!current || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const SIZED = new Set(["string", "array", "set"]);

/** A limit as the client shows it: `> 0` on whole numbers is "at least 1". */
function limit(value: unknown, inclusive: unknown, step: 1 | -1): number | undefined {
  if (typeof value !== "number" && typeof value !== "bigint") return undefined;
  const number = Number(value);
  return inclusive === false && Number.isInteger(number) ? number + step : number;
}

/** Why a zod issue refused the field, as the field code the client translates. */
export function fieldCodeOf(issue: ValidationIssue, input: unknown): FieldError {
  const params = issue.params ?? {};
  const custom = (params.params as { fieldCode?: FieldError["code"] } | undefined)?.fieldCode;
  if (custom) return { code: custom };
  switch (issue.keyword) {
    case "invalid_type":
      return {
        code: valueAt(input, issue.instancePath) === undefined ? "required" : "invalid_type",
      };
    case "too_small": {
      const min = limit(params.minimum, params.inclusive, 1);
      const code = SIZED.has(String(params.origin)) ? "too_short" : "too_small";
      return min === undefined ? { code } : { code, min };
    }
    case "too_big": {
      const max = limit(params.maximum, params.inclusive, -1);
      const code = SIZED.has(String(params.origin)) ? "too_long" : "too_big";
      return max === undefined ? { code } : { code, max };
    }
    case "invalid_value":
      return { code: "invalid_choice" };
    case "invalid_format":
      // The contracts' patterns are character rules (plate, country code); dates say so.
      if (/date|time/.test(String(params.format))) return { code: "invalid_date" };
      return { code: params.format === "regex" ? "invalid_characters" : "invalid" };
    default:
      return { code: "invalid" };
  }
}

/** A 400 validation_error naming each field with its messages and their codes. */
export function validationError(
  issues: readonly ValidationIssue[],
  context: string,
  input: unknown,
): ApiError {
  const codes: FieldCodes = {};
  for (const issue of issues) {
    const name = fieldName(issue, context);
    codes[name] = [...(codes[name] ?? []), fieldCodeOf(issue, input)];
  }
  return errors.validation(fieldErrors(issues, context), undefined, codes);
}

/** A zod error a service raised after the route's own validation (e.g. a merged PATCH). */
export function zodValidationError(error: ZodError, context: string, input: unknown): ApiError {
  const issues = error.issues.map((issue) => {
    const { path, code, message, ...params } = issue;
    return { instancePath: `/${path.join("/")}`, keyword: code, message, params };
  });
  return validationError(issues, context, input);
}
