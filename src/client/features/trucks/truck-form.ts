import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { FieldError } from "../../../shared/contract/errors";
import {
  plateFieldError,
  plateKeyOf,
  plateOf,
  type Shipper,
  type ShipperInput,
} from "../../../shared/contract/trucks";
import { normalisePhone } from "../../../shared/phone";
import { DEFAULT_PHONE_COUNTRY } from "./phone-countries";

/** The sign-up form as typed. */
export interface TruckFormValues {
  plate: string;
  name: string;
  /** Digits only. */
  capacityLoad: string;
  /** ISO country of the phone picker. */
  countryCode: string;
  /** As typed: national or international. */
  phone: string;
}

export type TruckFormField = "plate" | "name" | "capacity_load" | "phone" | "country_code";
export type TruckFormErrors = Partial<Record<TruckFormField, string[]>>;

export const EMPTY_FORM: TruckFormValues = {
  plate: "",
  name: "",
  capacityLoad: "",
  countryCode: DEFAULT_PHONE_COUNTRY,
  phone: "",
};

/** Capacity load keeps digits only while typing (spec section 5). */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, "");

/** Plate and name are upper case as typed (spec section 2). */
export const upperCase = (value: string): string => value.toUpperCase();

/** A truck's values in the form: the phone in its national form under its country. */
export function formValuesOf(truck: Shipper): TruckFormValues {
  const parsed = truck.phone ? parsePhoneNumberFromString(truck.phone) : undefined;
  const countryCode = truck.country_code ?? parsed?.country ?? DEFAULT_PHONE_COUNTRY;
  const sameCountry = parsed?.country === countryCode;
  return {
    plate: truck.plate,
    name: truck.name,
    capacityLoad: truck.capacity_load === null ? "" : String(truck.capacity_load),
    countryCode,
    phone: parsed ? (sameCountry ? parsed.formatNational() : parsed.formatInternational()) : "",
  };
}

export interface FormMessages {
  plateRequired: string;
  /** A plate the shared rule refuses (too short or long, not letters and digits). */
  plateInvalid: (error: FieldError) => string;
  nameRequired: string;
  phoneInvalid: string;
}

/**
 * The request body, or the errors that keep it from being sent. The phone is checked with
 * normalisePhone and sent in E.164 with its country; an empty capacity load is sent as null.
 * With `keepCapacity` (trw companies: the field is hidden) the truck's own value is sent.
 */
export function toShipperInput(
  values: TruckFormValues,
  messages: FormMessages,
  keepCapacity?: number | null,
): { input: ShipperInput } | { errors: TruckFormErrors } {
  const errors: TruckFormErrors = {};
  const plate = plateOf(values.plate.trim());
  const name = values.name.trim().toUpperCase();
  const plateError = plateFieldError(values.plate);
  if (plateKeyOf(plate) === "") errors.plate = [messages.plateRequired];
  else if (plateError) errors.plate = [messages.plateInvalid(plateError)];
  if (name === "") errors.name = [messages.nameRequired];
  let phone: string | null = null;
  let country: string | null = null;
  if (values.phone.trim() !== "") {
    const normalised = normalisePhone(values.phone, values.countryCode);
    if (normalised) {
      phone = normalised.e164;
      country = normalised.country || values.countryCode || null;
    } else errors.phone = [messages.phoneInvalid];
  }
  if (Object.keys(errors).length > 0) return { errors };
  const digits = digitsOnly(values.capacityLoad);
  const capacity =
    keepCapacity !== undefined ? keepCapacity : digits === "" ? null : Number(digits);
  return {
    input: { plate, name, capacity_load: capacity, phone, country_code: country },
  };
}

/** Field errors of an API answer, for the fields this form shows. */
export function formErrorsOf(fields: Record<string, string[]> | undefined): TruckFormErrors {
  const errors: TruckFormErrors = {};
  for (const key of ["plate", "name", "capacity_load", "phone", "country_code"] as const) {
    const messages = fields?.[key];
    if (messages?.length) errors[key] = messages;
  }
  return errors;
}
