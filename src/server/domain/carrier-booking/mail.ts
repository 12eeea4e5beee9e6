import type { FastifyBaseLogger } from "fastify";
import { DateTime } from "luxon";
import QRCode from "qrcode";
import type { Locale } from "../../../shared/constants";
import type { CarrierBookingRow } from "../../db/schema/carrier-bookings";
import { type MailAttachment, type Mailer, sendRetrying } from "../../services/mail/mailer";
import { textsFor } from "../../texts";
import type { BookingMailKind } from "../../texts/types";
import { bookingCalendar } from "./calendar";

/**
 * The carrier's mail for each step of a booking (booked, moved, cancelled, confirmed or
 * refused by the office): what, when (the yard's clock), the private link to move or cancel
 * until the cut-off, the calendar invitation (.ics) and, while the booking stands, the QR code
 * of the self check-in page for arrival day.
 */
export interface BookingMailDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The public origin the links start with, e.g. https://yard.example.com. */
  origin: string;
}

export interface BookingMail {
  kind: BookingMailKind;
  booking: CarrierBookingRow;
  company: string;
  zone: string;
  dock: string;
  /** The private link's token (only on the booking and the move: the mail is where it lives). */
  manage: string | null;
  /** Moving and cancelling close at this instant. */
  changeableUntil: Date | null;
  /** The company's self check-in page token, or null when it has none. */
  checkInToken: string | null;
}

const TAGS: Record<Locale, string> = { en: "en-GB", es: "es-ES", pt: "pt-PT", mx: "es-MX" };

/**
 * Sends the mail; false when mail is off or the server refused it at first (then it is tried
 * again in the background, sendRetrying), never throws.
 */
export async function sendBookingMail(mail: BookingMail, deps: BookingMailDeps): Promise<boolean> {
  if (!deps.mailer.enabled) return false;
  return sendRetrying(
    deps.mailer,
    await messageOf(mail, deps.origin),
    deps.log,
    "carrier booking mail",
  );
}

async function messageOf(mail: BookingMail, origin: string) {
  const language = (mail.booking.language in TAGS ? mail.booking.language : "en") as Locale;
  const words = textsFor(language).carrierBookingMail;
  const format = (instant: Date) =>
    DateTime.fromJSDate(instant, { zone: mail.zone })
      .setLocale(TAGS[language])
      .toFormat("cccc d LLLL yyyy, HH:mm");
  const when = `${format(mail.booking.bookedDate)} (${mail.zone})`;
  const ended = mail.kind === "cancelled" || mail.kind === "refused";
  const operation = mail.booking.type === 1 ? words.load : words.unload;
  const manageUrl = mail.manage ? `${origin}/carrier-booking/manage/${mail.manage}` : null;
  const checkInUrl = mail.checkInToken ? `${origin}/check-in/${mail.checkInToken}` : null;
  const lines = [
    words.heading[mail.kind],
    "",
    `${operation}: ${mail.company}`,
    `${words.when}: ${when}`,
    `${words.reference}: ${mail.booking.reference}`,
    `${words.plate}: ${mail.booking.plate}`,
    ...(mail.dock ? [`${words.dock}: ${mail.dock}`] : []),
    "",
  ];
  if (!ended && manageUrl && mail.changeableUntil) {
    lines.push(words.manage(format(mail.changeableUntil)), manageUrl, "");
  } else if (!ended) {
    lines.push(words.noMoreChanges, "");
  }
  const attachments: MailAttachment[] = [
    {
      filename: "booking.ics",
      content: Buffer.from(
        bookingCalendar({
          uid: `carrier-booking-${mail.booking.id}@yardline`,
          sequence: mail.booking.version,
          start: mail.booking.bookedDate,
          zone: mail.zone,
          title: `${operation}: ${mail.company} (${mail.booking.reference})`,
          description: lines.join("\n"),
          location: [mail.company, mail.dock].filter(Boolean).join(", "),
          cancelled: ended,
        }),
      ),
      contentType: "text/calendar; charset=utf-8",
    },
  ];
  if (!ended && checkInUrl) {
    lines.push(words.checkIn, checkInUrl, "");
    attachments.push({
      filename: "check-in-qr.png",
      content: await QRCode.toBuffer(checkInUrl, { width: 320, margin: 1 }),
      contentType: "image/png",
    });
  }
  if (!ended) lines.push(words.calendar);
  return {
    to: [mail.booking.email],
    subject: words.subject(mail.kind, mail.company, when),
    text: lines.join("\n"),
    attachments,
  };
}
