/**
 * Carrier booking latency (issue 29): 50 carriers book at once on the public page, round after
 * round, through the real app (inject: routing, validation, limits, the booking lock and its
 * transaction; mail off) on in-memory PGlite, and on PostgreSQL when DATABASE_URL is set (a
 * scratch database). Each round's 50 book different lines, half of them racing for hours with
 * room for fewer, so refusals with alternatives are part of the mix. Prints median, p95 and
 * p99 of the booking answers. `node --import tsx scripts/bench-carrier-booking.ts`
 * (BENCH_CARRIERS, 50; BENCH_ROUNDS, 10).
 */

import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { type App, buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { PLAIN } from "../src/server/db/demo-data";
import { companies } from "../src/server/db/schema/companies";
import { saveSettings } from "../src/server/domain/carrier-booking/repository";
import { saveSchedule } from "../src/server/domain/scheduling/repository";
import { createScratchStorage } from "../src/server/test/harness";
import { insertLine } from "../src/server/test/shipments";

const CARRIERS = Number(process.env.BENCH_CARRIERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const TOKEN = "bench-carrier-booking";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function bench(label: string, app: App): Promise<void> {
  const [company] = await app.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, PLAIN));
  const companyId = company?.id ?? 0;
  await saveSchedule(app.db, companyId, {
    timeZone: "UTC",
    opensAt: 6,
    closesAt: 21,
    loadPerHour: null,
    unloadPerHour: 4,
    limitExpeditions: false,
  });
  await saveSettings(app.db, companyId, { token: TOKEN, unload: true, referenceMode: "match" });
  const form = async () =>
    (await app.inject({ method: "GET", url: `/api/public/carrier-booking/${TOKEN}` })).json<{
      form: string;
    }>().form;
  const times: number[] = [];
  const codes = new Map<number, number>();
  for (let round = 0; round < ROUNDS; round++) {
    const day =
      DateTime.utc()
        .plus({ days: 3 + (round % 20) })
        .toISODate() ?? "";
    const stamp = await form();
    const bookings = await Promise.all(
      Array.from({ length: CARRIERS }, async (_, index) => {
        const code = `BENCH-${round}-${index}`;
        await insertLine(app.db, companyId, 2, { code, bookedDate: new Date(`${day}T06:00:00Z`) });
        // 16 hours with room for 4 each: a round of 50 fills most of the day and races for it.
        const hour = 6 + (index % 16);
        return { code, start: `${day}T${String(hour).padStart(2, "0")}:00:00Z` };
      }),
    );
    const answers = await Promise.all(
      bookings.map(async ({ code, start }, index) => {
        const began = performance.now();
        const answer = await app.inject({
          method: "POST",
          url: `/api/public/carrier-booking/${TOKEN}`,
          remoteAddress: `10.${round}.${Math.floor(index / 250)}.${index % 250}`,
          payload: {
            operation: "unload",
            start,
            reference: code,
            carrier: "Bench Carrier",
            plate: "BENCH 1",
            phone: "+34 611 222 333",
            email: "bench@carrier.example",
            form: stamp,
          },
        });
        times.push(performance.now() - began);
        return answer.statusCode;
      }),
    );
    for (const status of answers) codes.set(status, (codes.get(status) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  const fixed = (value: number) => value.toFixed(1);
  console.log(
    `carrier booking on ${label}: ${times.length} bookings, ${CARRIERS} at once: ` +
      `median ${fixed(percentile(times, 50))} ms, p95 ${fixed(percentile(times, 95))} ms, ` +
      `p99 ${fixed(percentile(times, 99))} ms; answers ${[...codes].map(([s, n]) => `${s}×${n}`).join(", ")}`,
  );
}

/** Both databases (PostgreSQL only with DATABASE_URL). */
export async function runCarrierBookingBench(): Promise<void> {
  const base = loadConfig({ LOG_LEVEL: "silent" });
  const config = {
    ...base,
    dataDir: "memory://",
    databaseUrl: undefined,
    passwordHashCost: 10,
    mail: { ...base.mail, host: undefined },
    limits: {
      ...base.limits,
      carrierBookingPerAddress: 100_000,
      carrierBookingMinFillMs: 0,
    },
  };
  const pglite = await buildApp({ config, seed: true, serveClient: false });
  await bench("PGlite", pglite);
  await pglite.close();
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchStorage();
    const postgres = await buildApp({ config: { ...config, ...scratch.storage }, seed: true });
    await bench("PostgreSQL", postgres);
    await postgres.close();
    await scratch.remove();
  }
}

if (process.argv[1]?.endsWith("bench-carrier-booking.ts")) await runCarrierBookingBench();
