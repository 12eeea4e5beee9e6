import { DateTime } from "luxon";
import type {
  CriticalLine,
  CriticalLineInput,
  CriticalLineValues,
} from "../../../shared/contract/critical-lines";

/**
 * The form's values as typed, one text per field of the write contract; dates as
 * datetime-local text (YYYY-MM-DDTHH:mm, local).
 */
export type CriticalLineFormValues = Record<keyof CriticalLineValues, string>;

export const EMPTY_CRITICAL_LINE: CriticalLineFormValues = {
  init_date: "",
  end_date: "",
  cause: "",
  activity: "",
  line: "",
  product: "",
  contact: "",
  destination: "",
  observations: "",
  provider: "",
  client_name: "",
};

const LOCAL_INPUT = "yyyy-LL-dd'T'HH:mm";

export function formValuesOf(line: CriticalLine): CriticalLineFormValues {
  const local = (iso: string) => DateTime.fromISO(iso).toLocal().toFormat(LOCAL_INPUT);
  return {
    init_date: local(line.init_date),
    end_date: local(line.end_date),
    cause: line.cause,
    activity: line.activity,
    line: line.line,
    product: line.product,
    contact: line.contact,
    destination: line.destination,
    observations: line.observations,
    provider: line.provider,
    client_name: line.client_name,
  };
}

export type CriticalLineFormResult =
  | { input: CriticalLineInput }
  | { missing: ("init_date" | "end_date")[]; reversed: false }
  | { missing: []; reversed: true };

/**
 * The body to send, or why not: init and end dates are mandatory (spec section 5:
 * fill_mandatory) and the end may not come before the start.
 */
export function toCriticalLineInput(values: CriticalLineFormValues): CriticalLineFormResult {
  const init = DateTime.fromISO(values.init_date);
  const end = DateTime.fromISO(values.end_date);
  const missing = (["init_date", "end_date"] as const).filter(
    (field) => !values[field] || !(field === "init_date" ? init : end).isValid,
  );
  if (missing.length > 0) return { missing, reversed: false };
  if (end < init) return { missing: [], reversed: true };
  return {
    input: {
      ...values,
      init_date: init.toUTC().toISO() ?? "",
      end_date: end.toUTC().toISO() ?? "",
    },
  };
}
