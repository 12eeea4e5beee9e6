import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { type DayRange, type MetricScope, rows } from "./repository";

/**
 * SQL of machines and task users (spec sections 3 and 7; issue 16): hours booked on the task list,
 * summed by PostgreSQL. A task line's date is the working day as the user entered it, a
 * calendar day on the yard's clock already, so the range compares days, not instants.
 *
 * "Machines" (the spec's `machinery` rows): the task list has no machine of its own; each task
 * (worksheet) is the work station or machine the hours were spent on (a press, a rework cell,
 * a forklift), so a machine's figure is the hours booked on that task.
 */
/** The company's task lines in the range, limited to the user's clients (no client: theirs never). */
function taskScope(scope: MetricScope, range: DayRange): SQL {
  const parts = [
    sql`l.company_id = ${scope.companyId}`,
    sql`l.date >= ${range.start}::date`,
    sql`l.date <= ${range.end}::date`,
  ];
  if (scope.clientIds.length > 0) {
    const ids = sql.join(
      scope.clientIds.map((id) => sql`${id}`),
      sql`, `,
    );
    parts.push(sql`l.client_id in (${ids})`);
  }
  return sql.join(parts, sql` and `);
}

export interface HoursRow {
  id: number;
  name: string;
  value: number;
}

/** Hours per task (machine), most hours first. */
export function machineHours(db: Executor, scope: MetricScope, range: DayRange) {
  return rows<HoursRow>(
    db,
    sql`select w.id, w.name, sum(l.time_hours)::float8 as value
      from task_lines l join worksheets w on w.id = l.worksheet_id
      where ${taskScope(scope, range)}
      group by w.id, w.name having sum(l.time_hours) > 0 order by value desc, w.name, w.id`,
  );
}

/** Hours per user, most hours first; named "first last", the username when both are blank. */
export function userHours(db: Executor, scope: MetricScope, range: DayRange) {
  return rows<HoursRow>(
    db,
    sql`select u.id,
        coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as name,
        sum(l.time_hours)::float8 as value
      from task_lines l join users u on u.id = l.user_id
      where ${taskScope(scope, range)}
      group by u.id having sum(l.time_hours) > 0 order by value desc, name, u.id`,
  );
}
