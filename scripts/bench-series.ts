/**
 * `npm run bench -- series`: the time to expand and create 52 weekly occurrences in one
 * request (PUT api/expedition/series/{uid}, issue 12), on in-memory PGlite and on a throwaway
 * PostgreSQL database (scripts/bench/bench-app.ts).
 */
import { randomUUID } from "node:crypto";
import { BW } from "../src/server/db/demo-data";
import { type BenchApp, onEachDatabase } from "./bench/bench-app";

const RUNS = 5;

async function measure(label: string, { app, headersOf }: BenchApp): Promise<void> {
  const withCompany = await headersOf("office", BW);
  const clients = await app.inject({ method: "GET", url: "/api/client", headers: withCompany });
  const client = clients.json<{ results: { id: number }[] }>().results[0]?.id;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const answer = await app.inject({
      method: "PUT",
      url: `/api/expedition/series/${randomUUID()}`,
      headers: withCompany,
      payload: {
        code: `BENCH-${run}`,
        // A different hour each run, so no run fills another's slots.
        booked_date: `2030-01-07T${String(7 + run).padStart(2, "0")}:00:00Z`,
        client,
        rrule_str: "RRULE:FREQ=WEEKLY;COUNT=52",
      },
    });
    times.push(performance.now() - started);
    const created = answer.json<{ created: unknown[] }>().created?.length;
    if (answer.statusCode !== 200 || created !== 52) {
      throw new Error(`run ${run}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `${label}: 52 weekly occurrences in one request: median ${median.toFixed(0)} ms ` +
      `(${(median / 52).toFixed(1)} ms a line; runs ${times.map((t) => t.toFixed(0)).join(", ")} ms)`,
  );
}

export async function runSeriesBench(): Promise<void> {
  console.log("Repeated save (issue 12)\n");
  await onEachDatabase(measure);
}
