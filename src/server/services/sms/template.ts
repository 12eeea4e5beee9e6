/**
 * The HTTP gateway's request body, from SMS_HTTP_BODY_TEMPLATE. Values are escaped for where
 * they land: JSON string contents in json mode, URL encoding in form mode, so a message with
 * quotes, ampersands or newlines cannot break (or inject into) the request.
 */
export type TemplateMode = "json" | "form";

export interface TemplateValues {
  /** E.164, e.g. +34612345678. */
  to: string;
  /** The same number without the plus sign, for gateways that want digits only. */
  to_digits: string;
  body: string;
  from: string;
}

export const DEFAULT_TEMPLATES: Record<TemplateMode, string> = {
  json: '{"to":"{{to}}","from":"{{from}}","body":"{{body}}"}',
  form: "to={{to}}&from={{from}}&body={{body}}",
};

const PLACEHOLDER = /\{\{\s*(to|to_digits|body|from)\s*\}\}/g;

function escaped(value: string, mode: TemplateMode): string {
  return mode === "json" ? JSON.stringify(value).slice(1, -1) : encodeURIComponent(value);
}

export function renderTemplate(template: string, values: TemplateValues, mode: TemplateMode) {
  return template.replace(PLACEHOLDER, (_match, name: keyof TemplateValues) =>
    escaped(values[name], mode),
  );
}

/** Why the template cannot work, or null: a json template must render to valid JSON. */
export function templateProblem(template: string, mode: TemplateMode): string | null {
  if (mode !== "json") return null;
  const sample = { to: "+34600000000", to_digits: "34600000000", body: 'a "b"\n', from: "x" };
  try {
    JSON.parse(renderTemplate(template, sample, mode));
    return null;
  } catch {
    return "SMS_HTTP_BODY_TEMPLATE must be a JSON document when SMS_HTTP_CONTENT_TYPE is json";
  }
}
