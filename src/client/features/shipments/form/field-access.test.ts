import { describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import {
  SHIPMENT_WRITE_FIELDS,
  type ShipmentWriteField,
} from "../../../../shared/contract/shipments-write";
import type { RoleKey } from "../../../../shared/roles";
import { formAccess } from "./field-access";

const EXP = SHIPMENT_TYPE.expedition;

function editableFields(role: RoleKey, creating = false, readOnly = false, isTrw = false) {
  const access = formAccess({ roles: [role], type: EXP, isTrw }, creating, { readOnly });
  return SHIPMENT_WRITE_FIELDS.filter((field) => access.editable(field as ShipmentWriteField));
}

describe("formAccess: the fields each role may change in the form", () => {
  it("carretilleros: only the truck and the hours", () => {
    expect(editableFields("carretilleros").sort()).toEqual(
      ["action_date", "booked_date", "shipper"].sort(),
    );
  });

  it("forklift: only the company notes; client: only the client notes", () => {
    expect(editableFields("forklift")).toEqual(["company_notes"]);
    expect(editableFields("client")).toEqual(["client_notes"]);
  });

  it("office edits every field; the read_only query leaves nothing and no Save", () => {
    expect(editableFields("office")).toEqual([...SHIPMENT_WRITE_FIELDS]);
    expect(editableFields("office", false, true)).toEqual([]);
    const access = formAccess({ roles: ["office"], type: EXP, isTrw: false }, false, {
      readOnly: true,
    });
    expect(access.maySave).toBe(false);
  });

  it("read-only and kiosk roles change nothing; a forklift may not plan a line", () => {
    expect(editableFields("readOnly")).toEqual([]);
    expect(editableFields("kiosk")).toEqual([]);
    expect(editableFields("forklift", true)).toEqual([]);
  });

  it("nothing while a save is under way", () => {
    const access = formAccess({ roles: ["admin"], type: EXP, isTrw: false }, true, {
      readOnly: false,
      busy: true,
    });
    expect(access.maySave).toBe(true);
    expect(access.editable("code")).toBe(false);
  });
});
