import type { TaskLine, TaskLineInput } from "../../../shared/contract/task-list";
import type { SearchOption } from "../../ui/search-select";

/**
 * The add/edit line form as plain data (spec section 5): date, user, task, description, hours
 * and client are mandatory ('empty'), hours and the four counts must be numbers.
 */
export interface LineDraft {
  date: string;
  user: SearchOption | null;
  worksheet: SearchOption | null;
  description: SearchOption | null;
  client: SearchOption | null;
  reference: string;
  tag_number: string;
  time_hours: string;
  reviewed_parts: string;
  right_parts: string;
  reworked_parts: string;
  nok_parts: string;
  observations: string;
}

export type LineField = keyof LineDraft;
export type LineErrorCode = "empty" | "not_number";
export type LineErrors = Partial<Record<LineField, LineErrorCode>>;

const MANDATORY: LineField[] = ["date", "user", "worksheet", "description", "time_hours", "client"];
const COUNTS = ["reviewed_parts", "right_parts", "reworked_parts", "nok_parts"] as const;

export function emptyDraft(preset: Partial<LineDraft>): LineDraft {
  return {
    date: "",
    user: null,
    worksheet: null,
    description: null,
    client: null,
    reference: "",
    tag_number: "",
    time_hours: "",
    reviewed_parts: "",
    right_parts: "",
    reworked_parts: "",
    nok_parts: "",
    observations: "",
    ...preset,
  };
}

const count = (value: number | null) => (value === null ? "" : String(value));

export function draftOf(line: TaskLine, userText: string): LineDraft {
  return {
    date: line.date,
    user: { id: line.user.id, text: userText },
    worksheet: { id: line.worksheet.id, text: line.worksheet.name },
    description: { id: line.description.id, text: line.description.name },
    client: line.client ? { id: line.client.id, text: line.client.description } : null,
    reference: line.reference,
    tag_number: line.tag_number,
    time_hours: String(line.time_hours),
    reviewed_parts: count(line.reviewed_parts),
    right_parts: count(line.right_parts),
    reworked_parts: count(line.reworked_parts),
    nok_parts: count(line.nok_parts),
    observations: line.observations,
  };
}

/** A decimal as typed: "1,5" and "1.5" both read 1.5; null when it is not a number >= 0. */
export function numberOf(text: string): number | null {
  const value = Number(text.trim().replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) && value >= 0 ? value : null;
}

export function validateLine(draft: LineDraft): LineErrors {
  const errors: LineErrors = {};
  for (const field of MANDATORY) {
    const value = draft[field];
    if (value === null || (typeof value === "string" && value.trim() === "")) {
      errors[field] = "empty";
    }
  }
  if (!errors.time_hours && numberOf(draft.time_hours) === null) errors.time_hours = "not_number";
  for (const field of COUNTS) {
    const value = draft[field].trim();
    if (value !== "" && (numberOf(value) === null || !Number.isInteger(numberOf(value)))) {
      errors[field] = "not_number";
    }
  }
  return errors;
}

/** The body the API takes: nested choices reduced to their ids (spec section 4). */
export function inputOf(draft: LineDraft): TaskLineInput {
  const part = (text: string) => (text.trim() === "" ? null : Number(text.trim()));
  return {
    date: draft.date,
    user: draft.user?.id ?? 0,
    worksheet: draft.worksheet?.id ?? 0,
    description: draft.description?.id ?? 0,
    client: draft.client?.id ?? 0,
    reference: draft.reference.trim(),
    tag_number: draft.tag_number.trim(),
    time_hours: numberOf(draft.time_hours) ?? 0,
    reviewed_parts: part(draft.reviewed_parts),
    right_parts: part(draft.right_parts),
    reworked_parts: part(draft.reworked_parts),
    nok_parts: part(draft.nok_parts),
    observations: draft.observations.trim(),
  };
}
