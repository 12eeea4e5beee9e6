import { i18n as globalI18n, type I18n, type MessageDescriptor } from "@lingui/core";

/**
 * The one way to declare a code -> label table: a module-level record of Lingui `msg`
 * descriptors (extracted like any text, translated when read), e.g. STATUS_TEXT in
 * ui/shipment-labels.ts, FIELD_LABELS in lib/error-messages.ts. Screens read it with `labelOf`.
 */
export type LabelTable<Code extends string = string> = Readonly<Record<Code, MessageDescriptor>>;

/**
 * The label of `code` in the interface language; a code the table does not know (a newer
 * server, a name the API sent) gives `fallback`, the code itself when omitted.
 */
export function labelOf(
  table: Readonly<Partial<Record<string, MessageDescriptor>>>,
  code: string,
  i18n: I18n = globalI18n,
  fallback: string = code,
): string {
  const descriptor = Object.hasOwn(table, code) ? table[code] : undefined;
  return descriptor ? i18n._(descriptor) : fallback;
}

/**
 * The entries of a larger table named by `codes`, typed by them: a table that calls some codes
 * as another one does (list columns named as the API fields) takes those labels from it.
 */
export function pickLabels<Code extends string>(
  table: Readonly<Partial<Record<string, MessageDescriptor>>>,
  codes: readonly Code[],
): LabelTable<Code> {
  const picked: Partial<Record<Code, MessageDescriptor>> = {};
  for (const code of codes) {
    const descriptor = Object.hasOwn(table, code) ? table[code] : undefined;
    if (!descriptor) throw new Error(`No label for ${code}`);
    picked[code] = descriptor;
  }
  return picked as LabelTable<Code>;
}
