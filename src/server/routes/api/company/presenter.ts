import type { Company } from "../../../../shared/contract/company";
import type { CompanyRow } from "../../../db/schema/companies";

export function presentCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    is_trw: row.isTrw,
    has_expeditions_rrule: row.hasExpeditionsRrule,
    has_receptions_rrule: row.hasReceptionsRrule,
    lang_pt: row.langPt,
  };
}
