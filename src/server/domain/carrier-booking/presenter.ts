import type { CarrierBooking, OfficeBooking } from "../../../shared/contract/carrier-booking";
import type { OperationType } from "../../../shared/contract/scheduling";
import type { CarrierBookingRow } from "../../db/schema/carrier-bookings";
import { slotText } from "../scheduling/slots";

/** Carrier bookings as the carrier and as the office see them. */

export function operationOf(type: number): OperationType {
  return type === 1 ? "load" : "unload";
}

export function presentBooking(
  row: CarrierBookingRow,
  extra: { company: string; zone: string; warehouse: string; dock: string },
  changeableUntil: Date | null,
  mailSent: boolean,
): CarrierBooking {
  return {
    company: extra.company,
    operation: operationOf(row.type),
    state: row.state,
    start: slotText(row.bookedDate, extra.zone),
    time_zone: extra.zone,
    reference: row.reference,
    carrier: row.carrier,
    plate: row.plate,
    warehouse: extra.warehouse,
    dock: extra.dock,
    changeable_until: changeableUntil ? slotText(changeableUntil, extra.zone) : null,
    mail_sent: mailSent,
  };
}

export function presentOfficeBooking(row: CarrierBookingRow, zone: string): OfficeBooking {
  return {
    id: row.id,
    shipment: row.shipmentId,
    operation: operationOf(row.type),
    state: row.state,
    start: slotText(row.bookedDate, zone),
    reference: row.reference,
    carrier: row.carrier,
    plate: row.plate,
    phone: row.phone,
    email: row.email,
  };
}
