import type { Material, PackingLine } from "../../../shared/contract/documents-packing";
import type { MaterialRow, PackingLineView } from "./packing-repository";

export function presentMaterial(row: MaterialRow): Material {
  return { id: row.id, reference: row.reference, name: row.name, company: row.companyId };
}

export function presentPackingLine(view: PackingLineView): PackingLine {
  return {
    id: view.id,
    shipment: view.shipmentId,
    material: presentMaterial(view.material),
    number_packages: view.numberPackages,
  };
}
