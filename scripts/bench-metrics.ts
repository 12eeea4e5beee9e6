/**
 * BI metrics latency over a big yard (issue 16): `DATABASE_URL=postgres://... npm run bench --
 * metrics` (or `node --import tsx scripts/bench-metrics.ts`). Creates a scratch database on
 * that server (dropped afterwards), migrates and seeds the demo, adds BENCH_TRUCKS (50,000)
 * trucks registered over the last year, each checked out once, BENCH_SHIPMENTS (1,000,000)
 * lines of the plain demo company spread over it (a third arrived, on a truck) and
 * BENCH_TASK_LINES (200,000) task-list lines on 20 tasks, server side (insert ... select
 * generate_series), then times each metric for a one-year range through inject: median and p99
 * of BENCH_REQUESTS (20) after 3 warm-ups. Figures, not pass/fail.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type App, buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import type { Db } from "../src/server/db/database";
import { DEMO_PASSWORD, PLAIN } from "../src/server/db/demo-data";
import { seedDemo } from "../src/server/db/seed";

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const TRUCKS = Number(process.env.BENCH_TRUCKS ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const TASK_LINES = Number(process.env.BENCH_TASK_LINES ?? 200_000);
const CHUNK = 100_000;

export async function withAdmin<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The big yard, server side (insert ... select generate_series) through the product's tables,
 * so its triggers (change_log, live-event notifications) and indexes do their work as in
 * production: TRUCKS trucks registered over the last year, each checked out once, TOTAL lines
 * of the plain demo company spread over it and TASK_LINES task-list lines on 20 tasks. Returns
 * the seconds it took (scripts/bench-scale.ts loads its million lines with it too).
 */
export async function loadYear(db: Db): Promise<number> {
  const company = sql`(select id from companies where name = ${PLAIN})`;
  const started = performance.now();
  await db.execute(sql`
    insert into shippers (company_id, plate, name, register_date)
    select ${company}, 'BM' || g, 'BENCH ' || (g % 400), now() - (g % 525600) * interval '1 minute'
    from generate_series(1, ${TRUCKS}::int) g`);
  // Each truck leaves two hours after it registered.
  await db.execute(sql`
    insert into check_ins (uid, company_id, kind, shipper_id, created_at)
    select gen_random_uuid(), company_id, 'out', id, register_date + interval '2 hours'
    from shippers where plate like 'BM%'`);
  const firstTruck = sql`(select min(id) from shippers where plate like 'BM%')`;
  for (let start = 0; start < TOTAL; start += CHUNK) {
    const end = Math.min(TOTAL, start + CHUNK) - 1;
    // Booked over the last 365 days; a third arrived (15 min early to 45 late) on a truck and
    // were handled an hour later; statuses and reasons of the lines' type; the company's clients.
    await db.execute(sql`
      insert into shipments (company_id, type, code, booked_date, arrival_date, action_date,
        client_id, status_id, reason_id, warehouse, shipper_id)
      select ${company}, t.type, 'M-' || g, b.booked,
        case when g % 3 = 0 then b.booked + ((g % 60) - 15) * interval '1 minute' end,
        case when g % 3 = 0 then b.booked + interval '75 minutes' end,
        (select id from clients where company_id = ${company} order by id offset (g % 3) limit 1),
        s.id, (select r.id from reasons r where r.status_id = s.id order by r.id limit 1),
        'W' || (1 + g % 3),
        case when g % 3 = 0 then ${firstTruck} + g % ${TRUCKS}::int end
      from generate_series(${start}::int, ${end}::int) g
      cross join lateral (select 1 + g % 2 as type) t
      cross join lateral (select now() - (g % 525600) * interval '1 minute' as booked) b
      cross join lateral (select id from statuses where type = t.type
        order by id offset (g % 6) limit 1) s`);
  }
  await db.execute(sql`insert into worksheets (company_id, name)
    select ${company}, 'BENCH TASK ' || g from generate_series(1, 20) g`);
  await db.execute(sql`insert into work_descriptions (worksheet_id, name)
    select id, 'bench work' from worksheets where name like 'BENCH TASK %'`);
  // Task lines over the year: the company's users, tasks and clients in turn, 0.25 h to 8 h.
  await db.execute(sql`
    with u as (select array_agg(user_id order by user_id) as ids from memberships
        where company_id = ${company}),
      w as (select array_agg(w.id order by w.id) as ids, array_agg(d.id order by w.id) as ds
        from worksheets w join work_descriptions d on d.worksheet_id = w.id
        where w.name like 'BENCH TASK %'),
      c as (select array_agg(id order by id) as ids from clients where company_id = ${company})
    insert into task_lines (company_id, date, user_id, worksheet_id, description_id,
      client_id, time_hours)
    select ${company}, (now() - (g % 365) * interval '1 day')::date,
      u.ids[1 + g % cardinality(u.ids)], w.ids[1 + g % 20], w.ds[1 + g % 20],
      c.ids[1 + g % cardinality(c.ids)], 0.25 * (1 + g % 32)
    from generate_series(1, ${TASK_LINES}::int) g, u, w, c`);
  return (performance.now() - started) / 1000;
}

/** [label, token, path, headers] */
export type BiRequest = [string, string, string, Record<string, string>?];

/** The BI requests timed over a one-year range (shared with scripts/bench-scale.ts). */
export function biRequests(admin: string, client: string) {
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const range = `date_start=${yearAgo}&date_end=${today}`;
  const shapes: BiRequest[] = [
    ["metrics/lines, both types (admin)", admin, `/api/metrics/lines?${range}&type=0`],
    ["metrics/lines, expeditions (admin)", admin, `/api/metrics/lines?${range}&type=1`],
    ["metrics/lines, both (client user, 2 clients)", client, `/api/metrics/lines?${range}`],
    ["metrics/trucks (admin)", admin, `/api/metrics/trucks?${range}`],
    ["metrics/incidences (admin)", admin, `/api/metrics/incidences?${range}`],
    ["metrics/incidences (client user)", client, `/api/metrics/incidences?${range}`],
    ["metrics/machines (admin)", admin, `/api/metrics/machines?${range}`],
    ["metrics/task-users (admin)", admin, `/api/metrics/task-users?${range}`],
    ["metrics/task-users (client user)", client, `/api/metrics/task-users?${range}`],
    ["metrics/dwell per day (admin)", admin, `/api/metrics/dwell?${range}`],
    ["metrics/dwell-groups by carrier", admin, `/api/metrics/dwell-groups?${range}`],
    ["metrics/dwell-groups by truck", admin, `/api/metrics/dwell-groups?${range}&by=truck`],
    [
      "metrics/dwell-lines, a carrier, 1000 rows",
      admin,
      `/api/metrics/dwell-lines?${range}&carrier=BENCH%207`,
    ],
    ["metrics/scorecard (admin)", admin, `/api/metrics/scorecard?${range}`],
    [
      "metrics/line-details, one day, 1000 rows",
      admin,
      `/api/metrics/line-details?date_start=${today}&date_end=${today}`,
    ],
    ["indication annual, area G", admin, "/api/indication", { area: "G", period: "A" }],
    ["indication quarterly, area C", admin, "/api/indication", { area: "C", period: "T" }],
  ];
  return { shapes, yearAgo, today };
}

async function time(app: App, token: string, url: string, headers: Record<string, string> = {}) {
  const call = async () => {
    const response = await app.inject({
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  for (let i = 0; i < 3; i++) await call();
  const samples: number[] = [];
  let size = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    size = (await call()).body.length;
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)] ?? 0;
  return { median: at(50), p99: at(99), size };
}

export async function runMetricsBench(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.log(
      "metrics: skipped (set DATABASE_URL to a PostgreSQL server where a database may be created)",
    );
    return;
  }
  const name = `yardline_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await withAdmin(baseUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const { openPostgres } = await import("../src/server/db/postgres");
  const database = await openPostgres(url.toString());
  let app: App | undefined;
  try {
    await database.migrate();
    await seedDemo(database.db, { passwordCost: 10 });
    const db = database.db;
    const seconds = await loadYear(database.db);
    await db.execute(sql`vacuum analyze`);
    const config = {
      ...loadConfig({ LOG_LEVEL: "silent" }),
      dataDir: "memory://",
      databaseUrl: url.toString(),
      jwtSecret: randomBytes(32).toString("hex"),
      passwordHashCost: 10,
    };
    app = await buildApp({ config, database, serveClient: false });
    const token = async (username: string) =>
      (
        await app?.inject({
          method: "POST",
          url: "/get-token",
          payload: { username, password: DEMO_PASSWORD },
        })
      )?.json<{ token: string }>().token ?? "";
    const admin = await token("admin");
    const client = await token("client");
    const { shapes, yearAgo, today } = biRequests(admin, client);
    console.log(
      `PostgreSQL: ${TOTAL.toLocaleString("en")} lines, ${TRUCKS.toLocaleString("en")} trucks and ${TASK_LINES.toLocaleString("en")} task lines inserted in ${seconds.toFixed(1)} s; one-year range ${yearAgo}..${today}`,
    );
    console.log(`  ${"request".padEnd(46)} ${"median".padStart(9)} ${"p99".padStart(9)}   bytes`);
    for (const [label, who, path, headers] of shapes) {
      const { median, p99, size } = await time(app, who, path, headers);
      console.log(
        `  ${label.padEnd(46)} ${median.toFixed(1).padStart(6)} ms ${p99.toFixed(1).padStart(6)} ms   ${size}`,
      );
    }
    console.log(`  (${REQUESTS} requests each after 3 warm-ups, sequential, through inject)`);
  } finally {
    await app?.close();
    if (!app) await database.close?.();
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else await withAdmin(baseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runMetricsBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
