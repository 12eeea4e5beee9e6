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
  const untilOf = (value: string) => {
    const bound = parse(value, `${field}_before`);
    const time = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?/.exec(value);
    const step = !time
      ? { days: 1 }
      : time[2]
        ? { milliseconds: 1 }
        : time[1]
          ? { seconds: 1 }
          : { minutes: 1 };
    return bound.plus(step).toMillis();
  };
  const range: { from?: Date; until?: Date } = {};
  if (after)
    range.from = new Date(
      remembered(`after|${after}`, () => parse(after, `${field}_after`).toMillis()),
    );
  if (before) range.until = new Date(remembered(`before|${before}`, () => untilOf(before)));
  return range;
}

/**
 * Bounds already read, by text: a device reloads its list with the same dates all day, and
 * Luxon's parse was 4 % of the server's CPU on a filtered list (issue 30). A refused text is
 * never kept (it throws each time).
 */
const bounds = new Map<string, number>();
const MAX_BOUNDS = 1_000;

function remembered(key: string, read: () => number): number {
  const known = bounds.get(key);
  if (known !== undefined) return known;
  const millis = read();
  if (bounds.size >= MAX_BOUNDS) bounds.clear();
  bounds.set(key, millis);
  return millis;
}
