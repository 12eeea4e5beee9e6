import { API_ERRORS, errorResponses } from "../../../http/responses";
import { requirePermission } from "../../../plugins/require-permission";

/** What every api/metrics route shares: its tag, error answers, guard and scope text. */
export const tags = ["metrics"];
export const responses = errorResponses(...API_ERRORS);
export const seeBi = { preHandler: requirePermission("seeBi") };
export const SCOPE =
  "Requires seeBi. Days are the yard's calendar days (the dock schedule's time zone, UTC " +
  "without one); date_end is inclusive. A user limited to some clients counts only their " +
  "clients' lines (and the trucks carrying them). ";
