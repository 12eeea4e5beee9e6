import { KL, TRW } from "./demo-data";
import type { NewCriticalLineRow } from "./schema/critical-lines";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoLine {
  /** Start, in hours from the start of today (UTC). */
  startHours: number;
  durationHours: number;
  cause: string;
  activity: string;
  line: string;
  product: string;
  contact: string;
  destination: string;
  observations: string;
  provider: string;
  clientName: string;
}

const LINES: readonly DemoLine[] = [
  {
    startHours: -20,
    durationHours: 30,
    cause: "Supplier delay",
    activity: "Assembly",
    line: "L-01",
    product: "Brake caliper BC-220",
    contact: "Marta Ruiz",
    destination: "Valladolid",
    observations: "Parts arrive in two partial deliveries; keep dock 3 free for the second one.",
    provider: "Frenos Norte",
    clientName: "Iberia Motors",
  },
  {
    startHours: 6,
    durationHours: 12,
    cause: "Quality hold",
    activity: "Inspection",
    line: "L-04",
    product: "Steering rack SR-9",
    contact: "João Pereira",
    destination: "Porto",
    observations: "100% inspection before loading.",
    provider: "Direcciones SA",
    clientName: "Lusa Auto",
  },
  {
    startHours: 30,
    durationHours: 48,
    cause: "Peak demand",
    activity: "Packing",
    line: "L-07",
    product: "Airbag module AM-3",
    contact: "Luis Gómez",
    destination: "Barcelona",
    observations: "Extra shift on Saturday; trucks every two hours.",
    provider: "Textiles Seguridad",
    clientName: "Catalonia Cars",
  },
  {
    startHours: 5 * 24 + 8,
    durationHours: 24,
    cause: "Line changeover",
    activity: "Tooling",
    line: "L-02",
    product: "Seat frame SF-10",
    contact: "Ana Torres",
    destination: "Zaragoza",
    observations: "",
    provider: "Metal Ebro",
    clientName: "Aragon Motors",
  },
];

/** A handful of critical lines for each trw demo company, around today (UTC). */
export function demoCriticalLines(
  companyIds: ReadonlyMap<string, number>,
  userId: number | null,
  now: Date,
): NewCriticalLineRow[] {
  const today = Math.floor(now.getTime() / DAY) * DAY;
  return [TRW, KL].flatMap((name) => {
    const companyId = companyIds.get(name);
    if (companyId === undefined) return [];
    return LINES.map((line) => {
      const init = today + line.startHours * HOUR;
      return {
        companyId,
        userId,
        initDate: new Date(init),
        endDate: new Date(init + line.durationHours * HOUR),
        cause: line.cause,
        activity: line.activity,
        line: line.line,
        product: line.product,
        contact: line.contact,
        destination: line.destination,
        observations: line.observations,
        provider: line.provider,
        clientName: line.clientName,
      };
    });
  });
}
