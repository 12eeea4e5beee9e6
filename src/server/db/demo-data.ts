import type { RoleKey } from "../../shared/roles";

/** Demo companies and users of a fresh installation. Every demo password is DEMO_PASSWORD. */
export const DEMO_PASSWORD = "yardline";

export interface DemoCompany {
  name: string;
  code: string | null;
  isTrw: boolean;
  langPt: boolean;
  hasExpeditionsRrule: boolean;
  hasReceptionsRrule: boolean;
}

export const PLAIN = "Yardline Demo";
export const TRW = "TRW Logistics";
export const KL = "KL Components";
export const BW = "BW Warehousing";

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    name: PLAIN,
    code: null,
    isTrw: false,
    langPt: true,
    hasExpeditionsRrule: false,
    hasReceptionsRrule: false,
  },
  {
    name: TRW,
    code: null,
    isTrw: true,
    langPt: false,
    hasExpeditionsRrule: true,
    hasReceptionsRrule: true,
  },
  {
    name: KL,
    code: "kl",
    isTrw: true,
    langPt: false,
    hasExpeditionsRrule: true,
    hasReceptionsRrule: true,
  },
  {
    name: BW,
    code: "bw",
    isTrw: false,
    langPt: false,
    hasExpeditionsRrule: true,
    hasReceptionsRrule: true,
  },
];

/**
 * Every demo company's dock schedule (issue 12): the yard's clock in UTC (or DEMO_TIME_ZONE, which
 * the e2e suite sets with the server's TZ: tests/e2e/yard-time-zone.ts), bookable 06:00 to 21:00,
 * 10 expeditions and 8 receptions an hour (above what the demo lines fill).
 */
export const DEMO_DOCK_SCHEDULE = {
  timeZone: process.env.DEMO_TIME_ZONE || "UTC",
  opensAt: 6,
  closesAt: 21,
  loadPerHour: 10,
  unloadPerHour: 8,
} as const;

/**
 * The instant the demo's lines, trucks and tasks are placed around (yesterday, today, the next
 * week): now, or DEMO_NOW (an ISO instant), which the e2e suite sets to its start so its
 * journeys know the demo's day even after a run crosses the yard's midnight.
 */
export function demoNow(env: NodeJS.ProcessEnv = process.env): Date {
  if (!env.DEMO_NOW) return new Date();
  const at = new Date(env.DEMO_NOW);
  if (Number.isNaN(at.getTime())) throw new Error(`DEMO_NOW is not an instant: ${env.DEMO_NOW}`);
  return at;
}

export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  role: RoleKey;
  /** Company names in the user's group order; the first is the default company. */
  companies: readonly string[];
  userType?: "default" | "mexico";
}

const BOTH = [PLAIN, TRW] as const;
const ALL = [PLAIN, TRW, KL, BW] as const;

export const DEMO_USERS: readonly DemoUser[] = [
  { username: "admin", firstName: "Ada", lastName: "Admin", role: "admin", companies: ALL },
  { username: "office", firstName: "Olivia", lastName: "Ortega", role: "office", companies: ALL },
  {
    username: "warehouse",
    firstName: "Walter",
    lastName: "Wells",
    role: "warehouseResp",
    companies: BOTH,
  },
  {
    username: "forklift",
    firstName: "Fernando",
    lastName: "Flores",
    role: "forklift",
    companies: BOTH,
  },
  {
    username: "kiosk",
    firstName: "Kiosk",
    lastName: "Dock Display",
    role: "kiosk",
    companies: BOTH,
  },
  { username: "client", firstName: "Clara", lastName: "Cliente", role: "client", companies: BOTH },
  {
    username: "truckaccess",
    firstName: "Tomás",
    lastName: "Torres",
    role: "truckAccess",
    companies: BOTH,
  },
  {
    username: "readonly",
    firstName: "Rita",
    lastName: "Reader",
    role: "readOnly",
    companies: BOTH,
  },
  {
    username: "guard",
    firstName: "Gustavo",
    lastName: "Guardia",
    role: "guardia",
    companies: BOTH,
  },
  {
    username: "carretillero",
    firstName: "Carlos",
    lastName: "Carretero",
    role: "carretilleros",
    companies: BOTH,
  },
  {
    username: "planner",
    firstName: "Paula",
    lastName: "Planner",
    role: "plannerTrw",
    companies: BOTH,
  },
  {
    username: "officeperson",
    firstName: "Oscar",
    lastName: "Oficina",
    role: "officePerson",
    companies: BOTH,
  },
  {
    username: "kioskrec",
    firstName: "Kiosk",
    lastName: "Receptions Display",
    role: "kioskReceptions",
    companies: BOTH,
  },
  {
    username: "provider",
    firstName: "Pedro",
    lastName: "Proveedor",
    role: "provider",
    companies: BOTH,
  },
  {
    username: "mexico",
    firstName: "Miguel",
    lastName: "Méndez",
    role: "office",
    // BW first: neither trw nor lang_pt, so its language menu offers MEX (its default).
    companies: [BW, ...BOTH],
    userType: "mexico",
  },
];

export interface DemoClient {
  company: string;
  description: string;
  email: string;
  notes: string;
}

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    company: PLAIN,
    description: "ACME FOODS",
    email: "logistics@acme.example",
    notes: "Dock 3 only",
  },
  { company: PLAIN, description: "NORTE RETAIL", email: "orders@norte.example", notes: "" },
  {
    company: PLAIN,
    description: "IBERIA PHARMA",
    email: "supply@iberia.example",
    notes: "Cold chain",
  },
  { company: TRW, description: "ATLAS AUTOMOTIVE", email: "atlas@trw.example", notes: "" },
  { company: TRW, description: "BRAKE SYSTEMS CO", email: "brakes@trw.example", notes: "" },
  { company: KL, description: "KL ASSEMBLY", email: "assembly@kl.example", notes: "" },
  { company: BW, description: "BW STORAGE", email: "storage@bw.example", notes: "" },
];

/** The client-role user's clients: two per company the user belongs to. */
export const DEMO_USER_CLIENTS: Readonly<Record<string, readonly string[]>> = {
  client: ["ACME FOODS", "NORTE RETAIL", "ATLAS AUTOMOTIVE", "BRAKE SYSTEMS CO"],
};
