import { describe, expect, it } from "vitest";
import { normalisePhone } from "../../shared/phone";
import { normalisePlate } from "../../shared/plate";
import { DEMO_COMPANIES } from "./demo-data";
import { DEMO_PHONES, DEMO_TRUCKS_PER_COMPANY, demoTrucks } from "./demo-trucks";

const ids = new Map(DEMO_COMPANIES.map((company, index) => [company.name, index + 1]));
const now = new Date("2026-03-10T12:00:00Z");

describe("demo trucks", () => {
  const trucks = demoTrucks(ids, now);

  it("gives every company 25 trucks with plates unique and already normalised", () => {
    expect(trucks).toHaveLength(DEMO_COMPANIES.length * DEMO_TRUCKS_PER_COMPANY);
    for (const companyId of ids.values()) {
      const plates = trucks.filter((t) => t.companyId === companyId).map((t) => t.plate);
      expect(new Set(plates).size).toBe(DEMO_TRUCKS_PER_COMPANY);
      for (const plate of plates) expect(normalisePlate(plate)).toBe(plate);
    }
  });

  it("uses valid E.164 phones with their countries, and leaves some trucks without", () => {
    for (const { phone, country } of DEMO_PHONES) {
      expect(normalisePhone(phone), phone).toEqual({ e164: phone, country });
    }
    expect(trucks.some((t) => t.phone === null)).toBe(true);
    expect(new Set(trucks.flatMap((t) => (t.countryCode ? [t.countryCode] : [])))).toEqual(
      new Set(["ES", "PT", "MX", "GB"]),
    );
  });

  it("spreads arrivals over the last days, some gone, none in the future", () => {
    const arrived = trucks.filter((t) => t.registerDate);
    expect(arrived.length).toBeGreaterThan(trucks.length * 0.8);
    expect(trucks.some((t) => t.registerDate === null)).toBe(true);
    for (const t of trucks) {
      if (t.registerDate) expect(t.registerDate.getTime()).toBeLessThanOrEqual(now.getTime());
      if (t.expeditionDate) expect(t.expeditionDate.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(
      trucks.some((t) => t.expeditionDate && t.registerDate && t.expeditionDate > t.registerDate),
    ).toBe(true);
    expect(trucks.some((t) => t.registerDate && t.expeditionDate === null)).toBe(true);
  });

  it("is the same for the same moment", () => {
    expect(demoTrucks(ids, now)).toEqual(trucks);
  });
});
