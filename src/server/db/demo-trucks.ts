import { DEMO_COMPANIES } from "./demo-data";
import type { NewShipperRow } from "./schema/shippers";

/**
 * Demo trucks: 25 per demo company, Spanish and Portuguese plates, carrier names, phones in
 * E.164 (ES, PT, MX, GB) or none, arrivals over the last five days, some gone again. The same
 * every time for a given `now` (a seeded generator), so screenshots and e2e runs are stable.
 */
export const DEMO_TRUCKS_PER_COMPANY = 25;

export const DEMO_CARRIERS = [
  "TRANSPORTES GARCÍA E HIJOS",
  "TRANSPORTES RUIZ",
  "LOGÍSTICA DEL NORTE",
  "TRANSPORTES MONTES",
  "CARGAS LEVANTE",
  "TIR GALICIA",
  "TRANSPORTES PENÍNSULA",
  "RODOVIÁRIA DO MINHO",
  "TRANSPORTES OLIVEIRA",
  "LUSOCARGA",
  "AUTOTRANSPORTES DEL BAJÍO",
  "FLETES MONTERREY",
  "BRITANNIA HAULAGE",
  "TRANSPORTES SIERRA NEVADA",
  "FRIGORÍFICOS ARAGÓN",
  "TRANSPORTES CANTÁBRICO",
] as const;

/** Valid mobile numbers (libphonenumber agrees; see demo-trucks.unit.test.ts), with countries. */
export const DEMO_PHONES: readonly { phone: string; country: string }[] = [
  { phone: "+34612345678", country: "ES" },
  { phone: "+34622113344", country: "ES" },
  { phone: "+34655876543", country: "ES" },
  { phone: "+34699001122", country: "ES" },
  { phone: "+34711223344", country: "ES" },
  { phone: "+351912345678", country: "PT" },
  { phone: "+351932112233", country: "PT" },
  { phone: "+351965443322", country: "PT" },
  { phone: "+525512345678", country: "MX" },
  { phone: "+528112223344", country: "MX" },
  { phone: "+447912345678", country: "GB" },
  { phone: "+447400123456", country: "GB" },
];

const ES_LETTERS = "BCDFGHJKLMNPRSTVWXYZ";
const PT_LETTERS = "ABCDEFGHIJKLMNOPRSTUVXZ";
const HOUR = 3_600_000;

/** mulberry32: a tiny seeded generator, enough for demo data. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function demoPlate(index: number, random: () => number): string {
  const pick = (alphabet: string) => alphabet[Math.floor(random() * alphabet.length)] ?? "X";
  const digits = (n: number) => String(Math.floor(random() * 10 ** n)).padStart(n, "0");
  // Two in three Spanish (1234BCD), the rest Portuguese (AA12BC); the index keeps them unique.
  if (index % 3 !== 2)
    return `${String(index).padStart(2, "0")}${digits(2)}${pick(ES_LETTERS)}${pick(ES_LETTERS)}${pick(ES_LETTERS)}`;
  return `${pick(PT_LETTERS)}${pick(PT_LETTERS)}${String(index).padStart(2, "0")}${pick(PT_LETTERS)}${pick(PT_LETTERS)}`;
}

/** Arrival and departure: most arrived in the last five days, some left, a few never came. */
function demoDates(index: number, random: () => number, now: Date) {
  if (index % 12 === 11) return { registerDate: null, expeditionDate: null };
  const registerDate = new Date(now.getTime() - Math.floor(random() * 5 * 24 * HOUR));
  const roll = random();
  if (roll < 0.4) {
    const left = new Date(registerDate.getTime() + (1 + Math.floor(random() * 8)) * HOUR);
    return { registerDate, expeditionDate: left <= now ? left : null };
  }
  if (roll < 0.5) {
    // Back again: left after an earlier visit, arrived since (on site).
    return { registerDate, expeditionDate: new Date(registerDate.getTime() - 2 * 24 * HOUR) };
  }
  return { registerDate, expeditionDate: null };
}

export function demoTrucks(
  companyIds: ReadonlyMap<string, number>,
  now: Date,
): Omit<NewShipperRow, "id">[] {
  return DEMO_COMPANIES.flatMap((company, companyIndex) => {
    const companyId = companyIds.get(company.name);
    if (companyId === undefined) throw new Error(`Demo trucks for unknown "${company.name}"`);
    const random = generator(1000 + companyIndex);
    return Array.from({ length: DEMO_TRUCKS_PER_COMPANY }, (_, index) => {
      const phone = random() < 0.7 ? DEMO_PHONES[index % DEMO_PHONES.length] : undefined;
      return {
        companyId,
        plate: demoPlate(index, random),
        name: DEMO_CARRIERS[(index + companyIndex * 3) % DEMO_CARRIERS.length] ?? "TRANSPORTES",
        // The capacity load field is hidden for trw companies (spec section 2).
        capacityLoad:
          company.isTrw || random() < 0.2 ? null : (8 + Math.floor(random() * 17)) * 1000,
        phone: phone?.phone ?? null,
        countryCode: phone?.country ?? null,
        ...demoDates(index, random, now),
      };
    });
  });
}
