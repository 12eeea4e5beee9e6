import type { I18n } from "@lingui/core";
import type { StatusLabel } from "../../../shared/contract/status";
import { REASON_TEXT, STATUS_TEXT } from "../../ui/shipment-labels";

// Status and reason in the shipment lists' catalog messages (one msgid, one translation).
const NONE = "—";

function nameOf(value: unknown, key: "description" | "name"): string | null {
  if (typeof value !== "object" || value === null) return null;
  const name = (value as Record<string, unknown>)[key];
  return typeof name === "string" ? name : null;
}

/** The server's value in the interface language; "—" for none; null when not shown. */
export function serverValueText(field: string, value: unknown, i18n: I18n): string | null {
  if (value === undefined) return null;
  if (value === null) return NONE;
  if (field === "status") {
    const label = nameOf(value, "description");
    const descriptor = label === null ? undefined : STATUS_TEXT[label as StatusLabel];
    return descriptor ? i18n._(descriptor) : (label ?? NONE);
  }
  if (field === "reason") {
    const name = nameOf(value, "name");
    const descriptor = name === null ? undefined : REASON_TEXT[name];
    return descriptor ? i18n._(descriptor) : (name ?? NONE);
  }
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}
