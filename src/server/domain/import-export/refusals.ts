import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "../../../shared/contract/import-export";
import { ApiError, errors } from "../../errors";

/** Why a whole file is refused (nothing of it is read further, nothing imported). */
const SHEET_REFUSALS = {
  not_a_sheet: { message: "Send an .xlsx or .csv file", code: { code: "not_a_sheet" } },
  too_big: {
    message: `The file is larger than ${IMPORT_MAX_BYTES} bytes once unpacked`,
    code: { code: "too_big", max: IMPORT_MAX_BYTES },
  },
  too_many_rows: {
    message: `At most ${IMPORT_MAX_ROWS} rows per file`,
    code: { code: "too_many_rows", max: IMPORT_MAX_ROWS },
  },
  empty: { message: "The file has no rows under its header", code: { code: "required" } },
} as const;

export type SheetRefusal = keyof typeof SHEET_REFUSALS;

/** A 400 on the `file` field with its code; marked so a reader's catch lets it through. */
export function sheetRefusal(kind: SheetRefusal): ApiError {
  const { message, code } = SHEET_REFUSALS[kind];
  const error = errors.validation({ file: [message] }, message, { file: [code] });
  return Object.assign(error, { sheetRefusal: true as const });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
