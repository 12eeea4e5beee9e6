import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { DateTime } from "luxon";
import { FIELD_LABELS } from "../../lib/error-messages";
import { serverValueText } from "./server-value";

const NONE = "—";
const DATE_TIME = "dd/MM/yyyy HH:mm";

const CHOICES: Readonly<Record<string, MessageDescriptor>> = {
  load: msg`Load`,
  empty: msg`Empty`,
  full: msg`Full`,
  not_full: msg`Not full`,
};

/** A shipment field's label in the interface language (the form's and the errors' words). */
export function fieldText(field: string, i18n: I18n): string {
  const label = FIELD_LABELS[field];
  return label ? i18n._(label) : field;
}

function property(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * A field's value as people read it, from the line's form of it: the client's description,
 * the truck's plate, dates as DD/MM/YYYY HH:mm in the device's zone, statuses and reasons
 * translated, yes/no, "—" for none.
 */
export function fieldValueText(field: string, value: unknown, i18n: I18n): string {
  if (value === null || value === undefined || value === "") return NONE;
  switch (field) {
    case "client": {
      const name = property(value, "description");
      return typeof name === "string" && name !== "" ? name : `#${String(property(value, "id"))}`;
    }
    case "shipper": {
      const plate = property(value, "plate");
      return typeof plate === "string" && plate !== ""
        ? plate
        : `#${String(property(value, "id"))}`;
    }
    case "status":
    case "reason":
      return serverValueText(field, value, i18n) ?? NONE;
    case "booked_date":
    case "action_date": {
      const date = DateTime.fromISO(String(value));
      return date.isValid ? date.toFormat(DATE_TIME) : String(value);
    }
    default:
      break;
  }
  if (typeof value === "boolean") return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
  const choice = typeof value === "string" ? CHOICES[value] : undefined;
  if (choice && (field === "load_empty" || field === "load_type")) return i18n._(choice);
  return typeof value === "string" || typeof value === "number" ? String(value) : NONE;
}
