import type {
  DwellGroupRow,
  DwellLine,
  DwellRow,
  IncidenceDetail,
  LineDetail,
  MachineMetricRow,
  ScorecardRow,
  TaskUserMetricRow,
  TruckDetail,
} from "../../../shared/contract/bi";
import type { DwellDaySqlRow, DwellGroupSqlRow, DwellLineSqlRow } from "./dwell-repository";
import type {
  IncidenceCount,
  IncidenceDetailRow,
  LineDetailRow,
  TruckDetailRow,
} from "./repository";
import type { ScorecardSqlRow } from "./scorecard-repository";
import type { HoursRow } from "./task-hours-repository";

/** Raw SQL answers timestamps as Date (pg) or text (some drivers): always ISO here. */
export function isoOf(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

const statusOf = (row: {
  status_id: number;
  status_description: string;
  status_color: string;
}) => ({
  id: row.status_id,
  description: row.status_description,
  color: row.status_color,
});

const reasonOf = (row: { reason_code: string | null; reason_name: string | null }) =>
  row.reason_code === null ? null : { code: row.reason_code, name: row.reason_name ?? "" };

export function presentIncidenceCount(row: IncidenceCount) {
  return { status: statusOf(row), reason: reasonOf(row), value: row.value };
}

export function presentLineDetail(row: LineDetailRow): LineDetail {
  return {
    id: row.id,
    type: row.type,
    code: row.code,
    booked_date: isoOf(row.booked_date),
    client: row.client,
    truck: row.truck,
    status: statusOf(row),
    reason: reasonOf(row),
  };
}

export function presentIncidenceDetail(row: IncidenceDetailRow): IncidenceDetail {
  return {
    shipment: { id: row.id, code: row.code, type: row.type },
    status: statusOf(row),
    reason: reasonOf(row),
    created: isoOf(row.created),
  };
}

export function presentTruckDetail(row: TruckDetailRow): TruckDetail {
  return { id: row.id, name: row.name, plate: row.plate, register_date: isoOf(row.register_date) };
}

/** Minutes to one decimal, as dwell and the scorecard answer them. */
const tenths = (value: number) => Math.round(value * 10) / 10;

export function presentDwellDay(row: DwellDaySqlRow): DwellRow {
  return {
    arrival_date: row.day,
    lines: row.lines,
    median_minutes: tenths(row.median),
    p90_minutes: tenths(row.p90),
  };
}

const truckOf = (row: { truck_id: number | null; plate: string | null }) =>
  row.truck_id === null ? null : { id: row.truck_id, plate: row.plate ?? "" };

export function presentDwellGroup(row: DwellGroupSqlRow): DwellGroupRow {
  return {
    carrier: row.carrier,
    truck: truckOf(row),
    lines: row.lines,
    median_minutes: tenths(row.median),
    p90_minutes: tenths(row.p90),
  };
}

export function presentDwellLine(row: DwellLineSqlRow): DwellLine {
  return {
    id: row.id,
    type: row.type,
    code: row.code,
    client: row.client,
    carrier: row.carrier,
    truck: truckOf(row),
    arrival_date: isoOf(row.arrival_date),
    departure_date: isoOf(row.departure_date),
    dwell_minutes: tenths(row.minutes),
  };
}

export function presentScorecardRow(row: ScorecardSqlRow): ScorecardRow {
  return {
    carrier: row.carrier,
    lines: row.lines,
    arrivals: row.arrivals,
    on_time: row.on_time,
    on_time_rate: row.arrivals > 0 ? tenths((100 * row.on_time) / row.arrivals) : null,
    incidences: row.incidences,
    median_dwell_minutes: row.median_dwell === null ? null : tenths(row.median_dwell),
  };
}

/** Task hours to 0.01 h. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

export function presentMachineHours(row: HoursRow): MachineMetricRow {
  return { machinery: row.name, worksheet_id: row.id, value: hundredths(row.value) };
}

export function presentUserHours(row: HoursRow): TaskUserMetricRow {
  return { user: row.name, user_id: row.id, value: hundredths(row.value) };
}
