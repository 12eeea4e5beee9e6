import type {
  BookingAnswer,
  BookingInput,
  BookingPage,
  CarrierBooking,
  FreeHours,
} from "../../../../shared/contract/carrier-booking";
import type { OperationType } from "../../../../shared/contract/scheduling";
import { CheckInError, publicCall } from "../self-check-in/self-check-in-api";

/**
 * The carrier booking page's calls (no login) with plain fetch, as the self check-in page
 * makes them (no zod or API client on a phone's weak connection): a refusal is a CheckInError
 * with its status, code and field codes; a refused hour also brings the nearest free hours.
 */
const page = (token: string) => `/api/public/carrier-booking/${encodeURIComponent(token)}`;
const manage = (token: string) => `/api/public/carrier-booking/manage/${encodeURIComponent(token)}`;
const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body ?? {}),
});

function hoursOf(body: unknown): string[] {
  const hours = (body as Partial<FreeHours> | null)?.hours;
  return Array.isArray(hours) ? hours.filter((hour) => typeof hour === "string") : [];
}

function bookingOf(body: unknown): CarrierBooking {
  const booking = body as Partial<CarrierBooking> | null;
  if (typeof booking?.start !== "string" || typeof booking.state !== "string") {
    throw new CheckInError(502, null);
  }
  return booking as CarrierBooking;
}

/** The nearest free hours a refusal offers (empty for other refusals). */
export function alternativesOf(error: unknown): string[] {
  if (!(error instanceof CheckInError)) return [];
  return hoursOf({ hours: error.alternatives });
}

export async function readBookingPage(token: string): Promise<BookingPage> {
  const body = (await publicCall(page(token))) as Partial<BookingPage> | null;
  if (typeof body?.company !== "string" || !Array.isArray(body.operations)) {
    throw new CheckInError(502, null);
  }
  return body as BookingPage;
}

export async function readFreeHours(
  token: string,
  operation: OperationType,
  day: string,
): Promise<string[]> {
  const query = new URLSearchParams({ operation, day });
  return hoursOf(await publicCall(`${page(token)}/hours?${query}`));
}

export async function bookHour(token: string, input: BookingInput): Promise<BookingAnswer> {
  const body = (await publicCall(page(token), post(input))) as Partial<BookingAnswer> | null;
  if (typeof body?.manage !== "string") throw new CheckInError(502, null);
  return { booking: bookingOf(body.booking), manage: body.manage };
}

export async function readManaged(token: string): Promise<CarrierBooking> {
  return bookingOf(await publicCall(manage(token)));
}

export async function readManagedHours(token: string, day: string): Promise<string[]> {
  return hoursOf(await publicCall(`${manage(token)}/hours?${new URLSearchParams({ day })}`));
}

export async function moveManaged(token: string, start: string): Promise<CarrierBooking> {
  return bookingOf(await publicCall(`${manage(token)}/move`, post({ start })));
}

export async function cancelManaged(token: string): Promise<CarrierBooking> {
  return bookingOf(await publicCall(`${manage(token)}/cancel`, post({})));
}
