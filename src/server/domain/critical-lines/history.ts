import {
  type CriticalLineHistoryEntry,
  CriticalLineInput,
} from "../../../shared/contract/critical-lines";
import type { Executor } from "../../db/database";
import type { CriticalLineRow } from "../../db/schema/critical-lines";
import { presentCriticalLine, presentHistoryEntry } from "./presenter";
import { insertHistory, listHistory } from "./repository";

type Changes = Record<string, { old: unknown; new: unknown }>;

/** The fields a save sets, in the form's order: the ones a history entry compares. */
const FIELDS = Object.keys(CriticalLineInput.shape) as (keyof typeof CriticalLineInput.shape)[];

/** The fields that differ between two versions (before null: a creation, every set field). */
export function changesOf(before: CriticalLineRow | null, after: CriticalLineRow): Changes {
  const old = before ? presentCriticalLine(before) : null;
  const now = presentCriticalLine(after);
  const changes: Changes = {};
  for (const field of FIELDS) {
    const previous = old ? old[field] : null;
    if (previous !== now[field] && !(old === null && now[field] === "")) {
      changes[field] = { old: previous, new: now[field] };
    }
  }
  return changes;
}

export async function recordHistory(
  db: Executor,
  userId: number,
  before: CriticalLineRow | null,
  after: CriticalLineRow,
): Promise<void> {
  const modifiedFields = changesOf(before, after);
  if (before && Object.keys(modifiedFields).length === 0) return;
  await insertHistory(db, {
    criticalLineId: after.id,
    companyId: after.companyId,
    userId,
    modifiedFields,
  });
}

/** The line's changes, newest first; users stay named after they are deleted (deactivated). */
export async function historyOf(
  db: Executor,
  companyId: number,
  lineId: number,
): Promise<CriticalLineHistoryEntry[]> {
  const rows = await listHistory(db, companyId, lineId);
  return rows.map(presentHistoryEntry);
}
