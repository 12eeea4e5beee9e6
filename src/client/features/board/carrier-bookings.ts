import {
  type OfficeBooking,
  OfficeBooking as OfficeBookingSchema,
  OfficeBookings,
} from "../../../shared/contract/carrier-booking";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { http } from "../../lib/http";

/**
 * The day's carrier bookings (issue 29) from api/carrier-booking?day=, fetched again whenever
 * the day's lines change (a booking moves or makes a line, so the change feed and live events
 * bring it here at once): the board marks the lines carriers booked and lists the bookings the
 * office has to confirm or refuse.
 */
export function useCarrierBookings(company: number | null, day: string, refresh: number) {
  const answer = useRemoteData(
    company === null || !day ? null : `carrier-bookings.${company}.${day}`,
    async (signal) =>
      OfficeBookings.parse(
        await http.get<unknown>("api/carrier-booking", { searchParams: { day }, signal }),
      ).results,
    { revision: refresh, keepPrevious: true },
  );
  return { bookings: answer.data ?? [], reload: answer.reload };
}

export async function decideBooking(id: number, confirm: boolean): Promise<OfficeBooking> {
  return OfficeBookingSchema.parse(
    await http.post<unknown>(`api/carrier-booking/${id}/decision`, { confirm }),
  );
}
