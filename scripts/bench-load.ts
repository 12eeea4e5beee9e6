/**
 * `npm run bench -- load` (issue 30): BENCH_LOAD_DEVICES (200) simulated devices
 * (scripts/bench/load-device.ts: a live-event stream, the change feed and the list reloaded as
 * the app does, a status change every BENCH_LOAD_WRITE_SECONDS (5) with If-Match and an
 * Idempotency-Key) against two Yardline instances (scripts/bench/yardline-server.ts, child
 * processes sharing one JWT key) on one throwaway PostgreSQL database (BENCH_DATABASE_URL or
 * DATABASE_URL, default 127.0.0.1:5432; created and dropped here), for BENCH_LOAD_SECONDS
 * (600). Devices alternate between the instances and sign in once each, as demo users of the
 * four demo companies; each writes LINES_PER_DEVICE lines of its own (made for it, booked today)
 * so no two devices race on one version. Reports errors (target 0), p50/p99 per operation
 * (target p99 <= 250 ms for writes and lists) over the whole run and again after the warm-up
 * (every device starts in the same second: a herd of first pulls and list loads), the live-event lag across instances (a write
 * answered by one instance -> the event heard by a device on the other), each instance's RSS
 * every RSS_EVERY_MS (15 s; target: flat within 10 % after the warm-up, the first fifth of the
 * run, at most 2 minutes: the mean of the last third of the samples against the first third, as
 * the heap's sawtooth alone spreads single samples by 30 %), this generator's own event-loop
 * delay and CPU (could one Node process drive the load), the requests each answered write cost
 * (feed pulls and list reloads: the devices run the app's own pull schedule and list
 * judgement) and what the database's busy sessions wait on (pg_stat_activity every
 * WAIT_SAMPLE_MS; Lock/object is the commit lock of transactions that NOTIFY). Figures, not
 * pass/fail.
 */
import { randomBytes } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { BW, KL, PLAIN, TRW } from "../src/server/db/demo-data";
import { type Server, startServer } from "./bench/fork-server";
import { type Operation, type Recorder, startDevice } from "./bench/load-device";
import { withAdmin } from "./bench-metrics";

const DEVICES = Number(process.env.BENCH_LOAD_DEVICES ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 600);
const WRITE_EVERY_MS = Number(process.env.BENCH_LOAD_WRITE_SECONDS ?? 5) * 1000;
const LINES_PER_DEVICE = 5;
const RSS_EVERY_MS = 15_000;
const WAIT_SAMPLE_MS = 500;
const TARGET_P99_MS = 250;
const TARGET_RSS_DRIFT = 0.1;
const SIGN_INS_AT_ONCE = 4;
/** Who the devices sign in as (user, company): every one may see and change expeditions. */
const IDENTITIES: readonly [string, string][] = [
  ["office", PLAIN],
  ["office", TRW],
  ["office", KL],
  ["office", BW],
  ["admin", PLAIN],
  ["admin", TRW],
  ["admin", KL],
  ["admin", BW],
];
/** Expedition statuses a line goes back and forth between (in preparation, ready). */
const STATUSES = [998, 10] as const;

const OPERATIONS: readonly Operation[] = ["sign-in", "events open", "changes", "list", "write"];

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "-");
const load1 = () => fmt(loadavg()[0] ?? Number.NaN, 1);
const mb = (bytes: number) => fmt(bytes / 1_048_576);

/** Latencies, errors and the cross-instance event lag of every device. */
function makeRecorder() {
  const latencies = new Map<Operation, number[]>(OPERATIONS.map((op) => [op, []]));
  /** When each latency was recorded (performance.now(), same order as `latencies`). */
  const recordedAt = new Map<Operation, number[]>(OPERATIONS.map((op) => [op, []]));
  /** By operation and kind (status or what happened). */
  const errors = new Map<string, { op: Operation; count: number; sample: string }>();
  const writes = new Map<number, { instance: number; sentAt: number; answeredAt?: number }>();
  const lagFromAnswer: number[] = [];
  const lagFromSend: number[] = [];
  let reconnects = 0;
  let deferred = 0;
  const recorder: Recorder = {
    latency: (op, ms) => {
      latencies.get(op)?.push(ms);
      recordedAt.get(op)?.push(performance.now());
    },
    error: (op, kind, detail) => {
      const known = errors.get(`${op} ${kind}`);
      if (known) known.count += 1;
      else errors.set(`${op} ${kind}`, { op, count: 1, sample: detail });
    },
    writeSent: (line, instance) => writes.set(line, { instance, sentAt: performance.now() }),
    writeAnswered: (line) => {
      const write = writes.get(line);
      if (write) write.answeredAt = performance.now();
    },
    heard: (ids, instance) => {
      const now = performance.now();
      for (const id of ids) {
        const write = writes.get(id);
        if (!write || write.instance === instance) continue;
        lagFromSend.push(now - write.sentAt);
        // Heard before this process read the answer: the event beat the response (lag <= 0).
        lagFromAnswer.push(write.answeredAt === undefined ? 0 : now - write.answeredAt);
      }
    },
    reconnect: () => {
      reconnects += 1;
    },
    deferred: () => {
      deferred += 1;
    },
  };
  return {
    recorder,
    latencies,
    recordedAt,
    errors,
    lagFromAnswer,
    lagFromSend,
    reconnects: () => reconnects,
    deferred: () => deferred,
  };
}

async function signIn(server: Server, username: string) {
  const started = performance.now();
  const response = await fetch(`${server.base}/get-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "yardline" }),
  });
  if (!response.ok) throw new Error(`sign-in ${username}: ${response.status}`);
  const { access } = (await response.json()) as { access: string };
  return { token: access, ms: performance.now() - started };
}

/** Company ids by name, as the user's groups list them. */
async function companiesOf(server: Server, token: string): Promise<Map<string, number>> {
  const response = await fetch(`${server.base}/api/user/auth`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { user } = (await response.json()) as { user: { groups: { id: number; name: string }[] } };
  return new Map(user.groups.map((group) => [group.name, group.id]));
}

/** LINES_PER_DEVICE expedition lines booked today per device, in the device's company. */
async function makeLines(databaseUrl: string, companies: number[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; version: number; status_id: number }>(
      `insert into shipments (company_id, type, code, booked_date, status_id)
       select c, 1, 'LOAD-' || d || '-' || n,
         date_trunc('day', now()) + interval '6 hours' + (d * ${LINES_PER_DEVICE} + n) * interval '10 seconds', $2
       from unnest($1::int[]) with ordinality as devices(c, d), generate_series(1, ${LINES_PER_DEVICE}) n
       order by d, n returning id, version, status_id`,
      [companies, STATUSES[0]],
    );
    return companies.map((_, device) =>
      rows
        .slice(device * LINES_PER_DEVICE, (device + 1) * LINES_PER_DEVICE)
        .map((row) => ({ id: row.id, version: row.version, status: row.status_id })),
    );
  } finally {
    await client.end();
  }
}

function printTable(
  latencies: Map<Operation, number[]>,
  errors: Map<string, { op: Operation; count: number; sample: string }>,
) {
  const errorsOf = (op: Operation) =>
    [...errors.values()].reduce((sum, each) => sum + (each.op === op ? each.count : 0), 0);
  console.log(
    `  ${"operation".padEnd(12)} ${"count".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"max ms".padStart(7)} ${"errors".padStart(6)}  target`,
  );
  for (const op of OPERATIONS) {
    const sorted = [...(latencies.get(op) ?? [])].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const target =
      op === "write" || op === "list"
        ? `p99 <= ${TARGET_P99_MS}: ${p99 <= TARGET_P99_MS ? "met" : "MISSED"}`
        : "";
    console.log(
      `  ${op.padEnd(12)} ${String(sorted.length).padStart(8)} ${fmt(percentile(sorted, 50)).padStart(7)} ${fmt(p99).padStart(7)} ${fmt(sorted.at(-1) ?? Number.NaN).padStart(7)} ${String(errorsOf(op)).padStart(6)}  ${target}`,
    );
  }
  for (const [key, { count, sample }] of errors)
    console.log(`  ${key}: ${count}${sample ? `, e.g. ${sample.slice(0, 120)}` : ""}`);
}

function printRss(samples: { at: number; rss: number[]; load: string }[], warmUpS: number) {
  console.log(`  RSS per instance (MB), every ${RSS_EVERY_MS / 1000} s; warm-up ${warmUpS} s`);
  console.log(`  ${"t (s)".padStart(6)} ${"A".padStart(6)} ${"B".padStart(6)}  load`);
  for (const sample of samples) {
    console.log(
      `  ${fmt(sample.at).padStart(6)} ${sample.rss.map((rss) => mb(rss).padStart(6)).join(" ")}  ${sample.load}`,
    );
  }
  const after = samples.filter((sample) => sample.at >= warmUpS);
  for (const [index, name] of ["A", "B"].entries()) {
    const values = after.map((sample) => sample.rss[index] ?? Number.NaN);
    const low = Math.min(...values);
    const spread = (Math.max(...values) - low) / low;
    // The heap's sawtooth is not growth: the trend compares the means of the first and last
    // thirds of the samples after the warm-up.
    const third = Math.max(1, Math.floor(values.length / 3));
    const mean = (part: number[]) => part.reduce((sum, value) => sum + value, 0) / part.length;
    const drift = mean(values.slice(-third)) / mean(values.slice(0, third)) - 1;
    console.log(
      `  instance ${name}: after warm-up ${mb(low)}..${mb(Math.max(...values))} MB (spread ${fmt(spread * 100, 1)} %), trend first third -> last third ${fmt(drift * 100, 1)} % (target flat within ${TARGET_RSS_DRIFT * 100} %: ${Math.abs(drift) <= TARGET_RSS_DRIFT ? "met" : "MISSED"})`,
    );
  }
}

/**
 * What the database's busy sessions wait on, sampled every WAIT_SAMPLE_MS from
 * pg_stat_activity: e.g. Lock/object is the commit lock every transaction that notifies takes
 * (pg_notify), LWLock/WALWrite and IO/WALSync the commit's flush, Client/ClientRead an idle
 * transaction waiting for its server.
 */
async function sampleWaits(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const { rows } = await client.query<{ wait: string; n: number }>(
        `select coalesce(wait_event_type || '/' || wait_event, 'running') as wait, count(*)::int as n
         from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
           and backend_type = 'client backend' and query not ilike 'listen %'
         group by 1`,
      );
      samples += 1;
      for (const row of rows) counts.set(row.wait, (counts.get(row.wait) ?? 0) + row.n);
    } catch {
      // The run is ending (its database goes): the samples taken stand.
    } finally {
      busy = false;
    }
  }, WAIT_SAMPLE_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 10));
      await client.end();
      return { counts, samples };
    },
  };
}

function printWaits({ counts, samples }: { counts: Map<string, number>; samples: number }) {
  const sorted = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    `  database sessions at work, mean per sample (${samples} samples): ${sorted.map(([wait, n]) => `${wait} ${fmt(n / Math.max(1, samples), 1)}`).join(", ")}`,
  );
}

export async function runLoadBench(): Promise<void> {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  console.log(
    `${DEVICES} devices on two instances for ${SECONDS} s (issue 30); a write every ${WRITE_EVERY_MS / 1000} s per device; ${availableParallelism()} cores`,
  );
  const name = `yardline_bench_load_${Date.now().toString(36)}`;
  await withAdmin(baseUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const servers: Server[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    const env = {
      BENCH_DATABASE: databaseUrl,
      BENCH_SEED_SHIPMENTS: "0",
      BENCH_JWT_SECRET: randomBytes(32).toString("hex"),
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    servers.push(await startServer("A", "./yardline-server.ts", env));
    servers.push(await startServer("B", "./yardline-server.ts", env));
    const [first] = servers;
    if (!first) throw new Error("no server");
    const ids = await companiesOf(first, (await signIn(first, "admin")).token);
    const identity = (device: number) => IDENTITIES[device % IDENTITIES.length] ?? ["admin", PLAIN];
    // Every identity on both instances (devices 0-7 on A, 8-15 on B, ...): a company's writes
    // on one instance reach its devices on the other.
    const instanceOf = (device: number) => Math.floor(device / IDENTITIES.length) % 2;
    const companyOf = (device: number) => ids.get(identity(device)[1]) ?? 0;
    const lines = await makeLines(
      databaseUrl,
      Array.from({ length: DEVICES }, (_, device) => companyOf(device)),
    );
    const {
      recorder,
      latencies,
      recordedAt,
      errors,
      lagFromAnswer,
      lagFromSend,
      reconnects,
      deferred,
    } = makeRecorder();

    // Sign in once per device, a few at a time (the server hashes two passwords at once).
    const tokens: string[] = [];
    let next = 0;
    const signer = async () => {
      while (next < DEVICES) {
        const device = next++;
        const server = servers[instanceOf(device)] as Server;
        const { token, ms } = await signIn(server, identity(device)[0]);
        recorder.latency("sign-in", ms);
        tokens[device] = token;
      }
    };
    const signStarted = performance.now();
    await Promise.all(Array.from({ length: SIGN_INS_AT_ONCE }, signer));
    console.log(
      `  ${DEVICES} sign-ins in ${fmt((performance.now() - signStarted) / 1000, 1)} s (${SIGN_INS_AT_ONCE} at a time)`,
    );

    const today = new Date().toISOString().slice(0, 10);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const cpuBefore = process.cpuUsage();
    const serverCpuBefore = await Promise.all(servers.map((server) => server.cpu()));
    const started = performance.now();
    for (let device = 0; device < DEVICES; device++) {
      const server = servers[instanceOf(device)] as Server;
      stops.push(
        startDevice(
          {
            base: server.base,
            instance: instanceOf(device),
            headers: {
              authorization: `Bearer ${tokens[device]}`,
              company: String(companyOf(device)),
            },
            listPath: `/api/expedition?page_size=10&booked_date_after=${today}&booked_date_before=${today}`,
            listFilters: { booked_date_after: today, booked_date_before: today },
            lines: lines[device] ?? [],
            writeEveryMs: WRITE_EVERY_MS,
            statuses: STATUSES,
          },
          recorder,
        ),
      );
    }
    const rss: { at: number; rss: number[]; load: string }[] = [];
    const sample = () => {
      const at = (performance.now() - started) / 1000;
      rss.push({ at, rss: servers.map((server) => server.rss()), load: load1() });
      const writes = latencies.get("write")?.length ?? 0;
      const failed = [...errors.values()].reduce((sum, each) => sum + each.count, 0);
      console.log(
        `  t=${fmt(at)} s: ${writes} writes, ${failed} errors, RSS ${servers.map((server) => mb(server.rss())).join("/")} MB, loop delay p99 ${fmt(delay.percentile(99) / 1e6)} ms, load ${load1()}`,
      );
    };
    sample();
    const sampler = setInterval(sample, RSS_EVERY_MS);
    const waits = await sampleWaits(databaseUrl);
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    clearInterval(sampler);
    const waited = await waits.stop();
    sample();
    const cpu = process.cpuUsage(cpuBefore);
    const wall = performance.now() - started;
    const serverCpuAfter = await Promise.all(servers.map((server) => server.cpu()));
    delay.disable();
    await Promise.all(stops.map((stop) => stop()));
    stops.length = 0;

    console.log(`\n  ${DEVICES} devices, ${fmt(wall / 1000)} s, load ${load1()} at the end`);
    printTable(latencies, errors);
    // The same after the warm-up (as the RSS trend): every device opens its stream, pulls its
    // first feed and loads its list in the same second at the start, a herd no yard sees
    // when its devices come on through a shift.
    const warmUpS = Math.min(120, SECONDS / 5);
    const settled = new Map(
      OPERATIONS.map((op) => [
        op,
        (latencies.get(op) ?? []).filter(
          (_, index) => (recordedAt.get(op)?.[index] ?? 0) >= started + warmUpS * 1000,
        ),
      ]),
    );
    console.log(`  after the ${fmt(warmUpS)} s warm-up:`);
    printTable(settled, new Map());
    console.log(
      `  stream reconnects: ${reconnects()}; writes skipped while the device's previous one was out: ${deferred()}`,
    );
    // CPU per request does not depend on the neighbours' load as latency does.
    const requests = ["changes", "list", "write"].reduce(
      (sum, op) => sum + (latencies.get(op as Operation)?.length ?? 0),
      0,
    );
    const serverMs = serverCpuAfter.reduce((sum, after, index) => {
      const before = serverCpuBefore[index];
      return sum + (after.user - (before?.user ?? 0) + after.system - (before?.system ?? 0)) / 1000;
    }, 0);
    const writes = latencies.get("write")?.length ?? 0;
    const perWrite = (op: Operation) => fmt((latencies.get(op)?.length ?? 0) / writes, 2);
    console.log(
      `  requests per answered write: ${perWrite("changes")} feed pulls + ${perWrite("list")} list reloads`,
    );
    console.log(
      `  servers' CPU: ${fmt(serverMs / 1000)} s for ${requests} requests (${fmt(serverMs / requests, 2)} ms a request, both instances, streams included; ${fmt((serverMs / wall) * 100)} % of one core)`,
    );
    const sortedAnswer = [...lagFromAnswer].sort((a, b) => a - b);
    const sortedSend = [...lagFromSend].sort((a, b) => a - b);
    console.log(
      `  event lag across instances (${sortedAnswer.length} events heard on the other instance): from the write's answer p50 ${fmt(percentile(sortedAnswer, 50))} ms, p99 ${fmt(percentile(sortedAnswer, 99))} ms; from its request p50 ${fmt(percentile(sortedSend, 50))} ms, p99 ${fmt(percentile(sortedSend, 99))} ms`,
    );
    printWaits(waited);
    printRss(rss, Math.min(120, SECONDS / 5));
    const cpuShare = (cpu.user + cpu.system) / 1000 / wall;
    const p99Delay = delay.percentile(99) / 1e6;
    console.log(
      `  generator: CPU ${fmt(cpuShare * 100)} % of one core, event-loop delay p50 ${fmt(delay.percentile(50) / 1e6)} ms, p99 ${fmt(p99Delay)} ms, max ${fmt(delay.max / 1e6)} ms` +
        (cpuShare > 0.7
          ? " — near a core: the generator is a bottleneck, its latencies include its own queueing"
          : " — well under a core: not the bottleneck (its loop delay is the machine's contention)"),
    );
  } finally {
    await Promise.all(stops.map((stop) => stop()));
    await Promise.all(servers.map((server) => server.stop()));
    await withAdmin(baseUrl, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runLoadBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
