import { DateTime } from "luxon";
import { INVALID_DATE, isSaneDate } from "../../shared/contract/fields";
import { errors } from "../errors";

/**
 * Bounds of a list's date filter as [from, until): YYYY-MM-DD, YYYY-MM-DDTHH:mm or ISO, read as
 * UTC without an offset. "before" is inclusive of its whole day, minute or second. `field`
 * names the query parameters (e.g. "register_date" for register_date_after/before) in errors.
 */
export function dateRange(
  field: string,
  after: string | undefined,
  before: string | undefined,
): { from?: Date; until?: Date } {
  const parse = (value: string, name: string) => {
    const parsed = DateTime.fromISO(value, { zone: "utc", setZone: true });
    // The contract (DateTimeBound) refuses these first; checked again for any other caller.
    if (!parsed.isValid || !isSaneDate(value)) {
      throw errors.validation({ [name]: [INVALID_DATE] }, undefined, {
        [name]: [{ code: "invalid_date" }],
      });
    }
    return parsed;
  };
  const range: { from?: Date; until?: Date } = {};
  if (after) range.from = parse(after, `${field}_after`).toJSDate();
  if (before) {
    const bound = parse(before, `${field}_before`);
    const time = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?/.exec(before);
    const step = !time
      ? { days: 1 }
      : time[2]
        ? { milliseconds: 1 }
        : time[1]
          ? { seconds: 1 }
          : { minutes: 1 };
    range.until = bound.plus(step).toJSDate();
  }
  return range;
}
