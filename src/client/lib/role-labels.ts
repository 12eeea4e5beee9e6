import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RoleKey } from "../../shared/roles";

/** Role names people read on the user form (the API's descriptions are keys). */
export const ROLE_LABELS: Record<RoleKey, MessageDescriptor> = {
  admin: msg`Administrator`,
  office: msg`Office`,
  warehouseResp: msg`Warehouse responsible`,
  forklift: msg`Forklift`,
  kiosk: msg`Kiosk`,
  client: msg`Client user`,
  truckAccess: msg`Truck access`,
  readOnly: msg`Read only`,
  guardia: msg`Guard`,
  carretilleros: msg`Forklift drivers (trucks and hours)`,
  officePerson: msg`Office (named person)`,
  plannerTrw: msg`Planner`,
  kioskReceptions: msg`Kiosk receptions`,
  provider: msg`Provider`,
};
