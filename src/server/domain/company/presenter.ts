import type { Company } from "../../../shared/contract/company";
import type { CompanyRow } from "../../db/schema/companies";
import { DEFAULT_SCHEDULE } from "../scheduling/repository";

/** The company with its flags and the yard's time zone (the dock schedule's, default UTC). */
export function presentCompany(row: CompanyRow, timeZone: string | null): Company {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    is_trw: row.isTrw,
    has_expeditions_rrule: row.hasExpeditionsRrule,
    has_receptions_rrule: row.hasReceptionsRrule,
    lang_pt: row.langPt,
    time_zone: timeZone ?? DEFAULT_SCHEDULE.timeZone,
  };
}
