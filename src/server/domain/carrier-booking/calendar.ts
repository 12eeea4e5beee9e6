import { createEvent } from "ics";
import { DateTime } from "luxon";

/**
 * The booking's calendar invitation (RFC 5545) with the yard's time zone: the `ics` package
 * writes the event in UTC; its start and end are then given as the yard's wall clock with
 * TZID and a VTIMEZONE holding the zone's offset at that hour (one hour, one offset), so a
 * calendar shows the hour the dock expects wherever the carrier is. A cancellation is the
 * same UID with METHOD:CANCEL and a higher SEQUENCE.
 */
export interface CalendarBooking {
  uid: string;
  sequence: number;
  start: Date;
  zone: string;
  title: string;
  description: string;
  location: string;
  cancelled: boolean;
}

export function bookingCalendar(booking: CalendarBooking): string {
  const { error, value } = createEvent({
    uid: booking.uid,
    sequence: booking.sequence,
    method: booking.cancelled ? "CANCEL" : "PUBLISH",
    status: booking.cancelled ? "CANCELLED" : "CONFIRMED",
    start: booking.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { hours: 1 },
    title: booking.title,
    description: booking.description,
    location: booking.location,
    productId: "yardline/carrier-booking",
  });
  if (error || !value) throw error ?? new Error("calendar not written");
  return inYardZone(value, booking.start, booking.zone);
}

function inYardZone(calendar: string, start: Date, zone: string): string {
  const local = DateTime.fromJSDate(start, { zone });
  const stamp = (time: DateTime) => time.toFormat("yyyyLLdd'T'HHmmss");
  const offset = local.toFormat("ZZZ");
  const timezone = [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${local.toFormat("ZZZZ")}`,
    "END:STANDARD",
    "END:VTIMEZONE",
  ].join("\r\n");
  return calendar
    .replace(/^DTSTART:\d{8}T\d{6}Z$/m, `DTSTART;TZID=${zone}:${stamp(local)}`)
    .replace(/^DURATION:.*$/m, `DTEND;TZID=${zone}:${stamp(local.plus({ hours: 1 }))}`)
    .replace(/^BEGIN:VEVENT$/m, `${timezone}\r\nBEGIN:VEVENT`);
}
