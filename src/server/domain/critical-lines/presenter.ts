import type {
  CriticalLine,
  CriticalLineHistoryEntry,
} from "../../../shared/contract/critical-lines";
import type { CriticalLineRow } from "../../db/schema/critical-lines";
import type { CriticalLineHistoryView } from "./repository";

export function presentCriticalLine(row: CriticalLineRow): CriticalLine {
  return {
    id: row.id,
    uid: row.uid,
    company: row.companyId,
    init_date: row.initDate.toISOString(),
    end_date: row.endDate.toISOString(),
    cause: row.cause,
    activity: row.activity,
    line: row.line,
    product: row.product,
    contact: row.contact,
    destination: row.destination,
    observations: row.observations,
    provider: row.provider,
    client_name: row.clientName,
    user: row.userId,
    version: row.version,
  };
}

export function presentHistoryEntry({
  entry,
  user,
}: CriticalLineHistoryView): CriticalLineHistoryEntry {
  return {
    id: entry.id,
    critical_line: entry.criticalLineId,
    created: entry.created.toISOString(),
    user: user
      ? {
          id: user.id,
          username: user.username,
          first_name: user.firstName,
          last_name: user.lastName,
        }
      : null,
    modified_fields: entry.modifiedFields,
  };
}
