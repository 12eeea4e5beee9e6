import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { ShipmentType } from "../../../shared/contract/status";
import type { Permission } from "../../../shared/permissions";
import type { AuthContext } from "../../auth/context";
import { requireAllowed } from "../../auth/permissions";
import type { Db } from "../../db/database";
import { errors } from "../../errors";
import { findShipment, type ShipmentScope, type ShipmentView } from "./repository";

/** Which permission each operation needs, per type (spec section 6). */
export const SHIPMENT_PERMISSIONS = {
  [SHIPMENT_TYPE.expedition]: { see: "seeExpeditions", edit: "editExp", remove: "deleteExp" },
  [SHIPMENT_TYPE.reception]: { see: "seeReceptions", edit: "editRecep", remove: "deleteRecep" },
} as const satisfies Record<ShipmentType, Record<string, Permission>>;

export function scopeOf(auth: AuthContext): ShipmentScope {
  return { companyId: auth.company.id, clientIds: auth.clientIds };
}

/** A read of either type: seeing it needs the type's see permission (403 otherwise). */
export async function readAnyShipment(
  db: Db,
  auth: AuthContext,
  id: number,
): Promise<ShipmentView> {
  const view = await findShipment(db, scopeOf(auth), id);
  if (!view) throw errors.notFound();
  requireAllowed(auth, SHIPMENT_PERMISSIONS[view.shipment.type as ShipmentType].see);
  return view;
}
