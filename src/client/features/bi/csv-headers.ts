import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * CSV column names of every BI export, in the user's language (issue 26: they were English to
 * everyone, the dwell exports the longest). One table, so a column has one name in all files.
 */
const HEADERS = {
  register_date: msg`Register date`,
  booked_date: msg`Booked date`,
  value: msg`Value`,
  status: msg`Status`,
  reason_code: msg`Reason code`,
  reason: msg`Reason`,
  id: msg`ID`,
  name: msg`Name`,
  plate: msg`Plate`,
  type: msg`Type`,
  code: msg`Delivery note`,
  client: msg`Client`,
  carrier: msg`Carrier`,
  truck: msg`Truck`,
  shipment: msg`Shipment`,
  created: msg`Created`,
  arrival_date: msg`Arrival date`,
  departure_date: msg`Departure date`,
  dwell_minutes: msg`Dwell (min)`,
  lines: msg`Lines`,
  median_minutes: msg`Median (min)`,
  p90_minutes: msg`90th percentile (min)`,
};
export type CsvHeader = keyof typeof HEADERS;

/** The header row of a CSV export with these columns, in the user's language. */
export function csvHeaders(i18n: I18n, keys: readonly CsvHeader[]): string[] {
  return keys.map((key) => i18n._(HEADERS[key]));
}
