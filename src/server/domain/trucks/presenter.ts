import type { Shipper } from "../../../shared/contract/trucks";
import type { ShipperRow } from "../../db/schema/shippers";

export function presentShipper(row: ShipperRow): Shipper {
  return {
    id: row.id,
    uid: row.uid,
    company: row.companyId,
    plate: row.plate,
    name: row.name,
    capacity_load: row.capacityLoad,
    phone: row.phone,
    country_code: row.countryCode,
    register_date: row.registerDate?.toISOString() ?? null,
    expedition_date: row.expeditionDate?.toISOString() ?? null,
    version: row.version,
  };
}
