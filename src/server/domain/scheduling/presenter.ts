import type { DockSchedule } from "../../../shared/contract/scheduling";
import type { ScheduleRow } from "./repository";

export function presentSchedule(row: ScheduleRow): DockSchedule {
  return {
    time_zone: row.timeZone,
    opens_at: row.opensAt,
    closes_at: row.closesAt,
    load_per_hour: row.loadPerHour,
    unload_per_hour: row.unloadPerHour,
    limit_expeditions: row.limitExpeditions,
  };
}
