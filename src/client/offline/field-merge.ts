import { sameWriteValue } from "../../shared/contract/shipments-write";

/**
 * The three-way field merge of an edit that met a newer server version (issue 11): the values
 * the edit was made on (`base`), the edit (`mine`: only the fields this device changed) and the
 * server's row now (`theirs`), all in write-body form (shared/contract/shipment-write.ts,
 * writeValuesOf). Per field this device changed:
 *
 * - the server still has the base value → re-send mine (only this device changed it);
 * - the server already has mine (both made the same change) → nothing to send;
 * - otherwise both changed it differently → a conflict, for the user to decide.
 *
 * Fields only the other user changed are not in `mine`, so they are never sent: the server's
 * values stay. A field cleared (null or "") is a change like any other. Dates compare as
 * instants; an absent value counts as null.
 */
export interface FieldConflict {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface FieldMerge {
  /** Fields to send again, with this device's values. */
  resend: Record<string, unknown>;
  /** Fields both sides changed to different values. */
  conflicts: FieldConflict[];
  /** Fields the server already holds with this device's value. */
  unchanged: string[];
}

const orNull = (value: unknown): unknown => (value === undefined ? null : value);

export function mergeFields(
  base: Readonly<Record<string, unknown>>,
  mine: Readonly<Record<string, unknown>>,
  theirs: Readonly<Record<string, unknown>>,
): FieldMerge {
  const merge: FieldMerge = { resend: {}, conflicts: [], unchanged: [] };
  for (const [field, raw] of Object.entries(mine)) {
    if (raw === undefined) continue;
    const value = orNull(raw);
    const before = orNull(base[field]);
    const now = orNull(theirs[field]);
    if (sameWriteValue(field, now, value)) merge.unchanged.push(field);
    else if (sameWriteValue(field, now, before)) merge.resend[field] = value;
    else merge.conflicts.push({ field, base: before, mine: value, theirs: now });
  }
  return merge;
}
