import { describe, expect, it } from "vitest";
import { ROLES, type RoleKey } from "../../../shared/roles";
import { languageOptions } from "./languages";
import { visibleTabs } from "./tabs";

const tabs = (roles: RoleKey[], isTrw: boolean) =>
  visibleTabs({
    roles,
    roleDescriptions: roles.map((role) => ROLES[role].description),
    isTrw,
  }).map((tab) => tab.to);

const ALL_BUT_CRITICAL = [
  "/dashboard",
  "/trucks",
  "/expeditions",
  "/receptions",
  "/task-list",
  "/bi",
];

describe("top-bar tabs (spec section 2)", () => {
  it("shows admin every tab, critical lines only in trw companies", () => {
    expect(tabs(["admin"], false)).toEqual(ALL_BUT_CRITICAL);
    expect(tabs(["admin"], true)).toEqual([
      "/dashboard",
      "/trucks",
      "/expeditions",
      "/receptions",
      "/critical-lines",
      "/task-list",
      "/bi",
    ]);
  });

  it.each([
    // guardia is denied the dashboard, expeditions, receptions and bi views.
    [["guardia"], false, ["/trucks", "/task-list"]],
    [["guardia"], true, ["/trucks", "/critical-lines", "/task-list"]],
    [["plannerTrw"], true, ["/expeditions", "/receptions", "/critical-lines"]],
    [["provider"], false, ["/receptions"]],
    [["warehouseResp"], false, ["/dashboard", "/trucks", "/expeditions", "/receptions", "/bi"]],
    [["forklift"], false, ["/dashboard", "/trucks", "/expeditions", "/receptions", "/bi"]],
    [["readOnly"], false, ["/dashboard", "/trucks", "/expeditions", "/receptions", "/bi"]],
  ] satisfies [RoleKey[], boolean, string[]][])("%j trw=%s -> %j", (roles, isTrw, expected) => {
    expect(tabs(roles, isTrw)).toEqual(expected);
  });

  it("hides every tab from holders of the 'acceso-camion' role", () => {
    expect(tabs(["truckAccess"], false)).toEqual([]);
    expect(tabs(["truckAccess"], true)).toEqual([]);
    expect(tabs(["admin", "truckAccess"], false)).toEqual([]);
  });

  it("shows nothing without roles", () => {
    expect(tabs([], false)).toEqual([]);
  });
});

describe("User Config language items", () => {
  const labels = (company: Parameters<typeof languageOptions>[0]) =>
    languageOptions(company).map((option) => option.label);

  it("offers PT to trw and lang_pt companies, MEX to the others", () => {
    expect(labels({ is_trw: true, lang_pt: false })).toEqual(["EN", "ES", "PT"]);
    expect(labels({ is_trw: false, lang_pt: true })).toEqual(["EN", "ES", "PT"]);
    expect(labels({ is_trw: false, lang_pt: false })).toEqual(["EN", "ES", "MEX"]);
    expect(labels(null)).toEqual(["EN", "ES", "MEX"]);
  });

  it("maps MEX to the mx locale", () => {
    expect(languageOptions(null)[2]).toEqual({ locale: "mx", label: "MEX" });
  });
});
