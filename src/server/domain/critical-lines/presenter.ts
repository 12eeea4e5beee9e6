import type { CriticalLine } from "../../../shared/contract/critical-lines";
import type { CriticalLineRow } from "../../db/schema/critical-lines";

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
