import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { rng } from "../../../tests/sync/support/prng";
import { STATUSES } from "../../shared/contract/status";
import type { Db } from "../db/database";
import { PLAIN, TRW } from "../db/demo-data";
import { checkIns } from "../db/schema/check-ins";
import { type NewShipmentRow, shipments } from "../db/schema/shipments";
import { shippers } from "../db/schema/shippers";
import type { TestApp } from "./harness";

/**
 * A seeded, varied yard for comparing BI's year-long queries with the SQL they replaced
 * (issue 30): trucks sharing a carrier name, lines with and without arrival, truck, client,
 * action time or check-out, every status of each type (cancelled and incidences too),
 * warehouses W1/W2, deleted lines; then, after the lines exist, one truck renamed and one
 * renamed onto another carrier's name (a rename moves its lines). Lines booked from `from`
 * over `days` days, on whole minutes; most arrivals and check-outs to the millisecond, so
 * dwell minutes are fractions a float8 cannot hold exactly, and some arrivals exactly on an
 * on-time bound.
 */
export async function loadVariedYard(
  db: Db,
  companyId: number,
  options: { seed: number; from: Date; days: number; lines: number; tag: string },
): Promise<{ truckIds: number[]; clientIds: number[] }> {
  const random = rng(options.seed);
  const clientRows = await db.execute(
    sql`select id from clients where company_id = ${companyId} order by id`,
  );
  const clientIds = (clientRows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  const names = ["NORTE", "SUR", "ESTE", "OESTE"].map((name) => `${options.tag} ${name}`);
  const trucks = await db
    .insert(shippers)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        companyId,
        plate: `${options.tag}${String(i).padStart(4, "0")}`,
        name: names[i % names.length] ?? "",
        registerDate: options.from,
      })),
    )
    .returning({ id: shippers.id });
  const truckIds = trucks.map((row) => row.id);
  const minute = 60_000;
  const span = options.days * 24 * 60;
  // Check-outs before and after the lines, so departures come from both triggers.
  const checkOuts = (count: number) =>
    db.insert(checkIns).values(
      Array.from({ length: count }, () => ({
        uid: randomUUID(),
        companyId,
        kind: "out" as const,
        shipperId: random.pick(truckIds),
        createdAt: new Date(
          options.from.getTime() + random.int(0, span) * minute + random.int(0, 59_999),
        ),
      })),
    );
  await checkOuts(40);
  const lines: NewShipmentRow[] = Array.from({ length: options.lines }, (_, i) => {
    const type = random.chance(0.6) ? 1 : 2;
    const booked = new Date(options.from.getTime() + random.int(0, span) * minute);
    // Some arrivals fall exactly on an on-time bound (booked + 0, 15 or 45 minutes, the
    // tolerances the tests ask for): "no later than" must count them on time.
    const arrival = !random.chance(0.7)
      ? null
      : random.chance(0.15)
        ? new Date(booked.getTime() + random.pick([0, 15, 45]) * minute)
        : new Date(booked.getTime() + random.int(-40, 120) * minute + random.int(0, 59_999));
    const action = random.chance(0.6)
      ? new Date((arrival ?? booked).getTime() + random.int(-30, 300) * minute)
      : null;
    return {
      companyId,
      type,
      code: `${options.tag}-${i}`,
      bookedDate: booked,
      arrivalDate: arrival,
      actionDate: action,
      statusId: random.pick(STATUSES.filter((status) => status.type === type)).id,
      clientId: random.chance(0.85) ? random.pick(clientIds) : null,
      shipperId: random.chance(0.8) ? random.pick(truckIds) : null,
      warehouse: random.pick(["W1", "W1", "W2", ""]),
      deletedAt: random.chance(0.05) ? booked : null,
    };
  });
  await db.insert(shipments).values(lines);
  await checkOuts(40);
  const rename = (id: number | undefined, name: string) =>
    db.execute(sql`update shippers set name = ${name} where id = ${id ?? 0}`);
  await rename(truckIds[0], `${options.tag} RENAMED`);
  await rename(truckIds[1], names[2] ?? "");
  return { truckIds, clientIds };
}

/** A company holding a varied yard, and two of its clients (a client user's scope). */
export interface VariedCompany {
  companyId: number;
  twoClients: number[];
}

/**
 * A varied yard (110 days from `from`, 500 lines) in each of two demo companies, PLAIN and
 * TRW, seeded `seed` and `seed + 1`, their trucks tagged `${tag}0` and `${tag}1`.
 */
export async function loadVariedCompanies(
  test: TestApp,
  options: { seed: number; from: Date; tag: string },
): Promise<VariedCompany[]> {
  const loaded: VariedCompany[] = [];
  for (const [index, name] of [PLAIN, TRW].entries()) {
    const companyId = await test.companyId(name);
    const { clientIds } = await loadVariedYard(test.app.db, companyId, {
      seed: options.seed + index,
      from: options.from,
      days: 110,
      lines: 500,
      tag: `${options.tag}${index}`,
    });
    loaded.push({ companyId, twoClients: clientIds.slice(0, 2) });
  }
  return loaded;
}
