import { eq, inArray } from "drizzle-orm";
import { lineOf } from "../../../src/client/features/check-in/check-in-local";
import { queueCheckIn, queueCheckOut } from "../../../src/client/features/check-in/commands";
import { db } from "../../../src/client/offline/db";
import { checkIns } from "../../../src/server/db/schema/check-ins";
import { shipments } from "../../../src/server/db/schema/shipments";
import { shippers } from "../../../src/server/db/schema/shippers";
import { today } from "../../../src/server/domain/scheduling/yard-day";
import { Shipment } from "../../../src/shared/contract/shipments";
import { DEFAULT_STATUS } from "../../../src/shared/contract/status";
import { Shipper } from "../../../src/shared/contract/trucks";
import { queuedKeyOf } from "./queued-key";
import type { CheckInRecord, CheckOutRecord, RunRecord, Step, StepContext } from "./records";
import type { SyncServer } from "./server";

/**
 * The gate's writes in the property runs (issue 24): check-ins and check-outs queued through
 * the terminal's own commands (check-in/commands.ts `queueCheckIn` / `queueCheckOut`, what
 * `checkInOnlineFirst` queues when no answer comes), under the same faults as every write.
 * Each check-in takes a line of its own, booked now (the gate takes only today's lines), and a
 * registered truck of its own (both mirrored as the terminal's lists mirror them), so the
 * runs' status rows and their histories stay apart. Refusals from the gate's rules: a line
 * another gate gave a truck after the device mirrored it (409 line_taken), and a check-out of
 * a truck that never arrived (409 truck_not_arrived).
 */

/** Where the faults of check-ins and check-outs are seeded (faultFor's change number). */
export const CHECK_IN_FAULT_BASE = 3000;
export const CHECK_OUT_FAULT_BASE = 3500;

type GateStep = Extract<Step, { kind: "checkIn" | "checkOut" }>;

export function playGateStep(step: GateStep, context: StepContext): Promise<void> {
  return step.kind === "checkIn" ? checkIn(step, context) : checkOut(step, context);
}

/** The start of the yard's day (the gate's "today") on the server's clock. */
export async function yardDay(server: SyncServer): Promise<number> {
  return (await today(server.test.app.db, server.companyId)).from.getTime();
}

/** A truck registered in the company (as the trucks list mirrored it on the device). */
async function registerTruck(server: SyncServer, plate: string): Promise<Shipper> {
  const [row] = await server.test.app.db
    .insert(shippers)
    .values({ companyId: server.companyId, plate, name: `Gate ${plate}` })
    .returning({ id: shippers.id });
  if (!row) throw new Error(`no truck ${plate}`);
  return Shipper.parse(await oracleGet(server, `/api/shipper/${row.id}`));
}

async function oracleGet(server: SyncServer, url: string): Promise<unknown> {
  const token = await server.token("admin", new Set());
  const response = await server.test.app.inject({
    method: "GET",
    url,
    headers: server.test.headers(token, server.companyId),
  });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.body}`);
  return response.json<unknown>();
}

async function checkIn(
  step: Extract<Step, { kind: "checkIn" }>,
  { server, record, author, seedFaults }: StepContext,
): Promise<void> {
  const index = record.checkIns.length;
  const plate = `G${record.plan.seed}X${index}`;
  const truck = await registerTruck(server, plate);
  await db.trucks.put(truck);
  const day = await yardDay(server);
  const [made] = await server.test.app.db
    .insert(shipments)
    .values({
      companyId: server.companyId,
      type: step.type,
      code: `GATE-${record.plan.seed}-${index}`,
      bookedDate: new Date(),
      statusId: DEFAULT_STATUS[step.type],
    })
    .returning({ id: shipments.id });
  if (!made) throw new Error("no gate line");
  const line = Shipment.parse(await oracleGet(server, `/api/shipment/${made.id}`));
  await db.shipments.put(line); // as the terminal's lines were mirrored
  let otherPlate: string | null = null;
  if (step.taken) {
    // Another gate checked a truck in to the line after the device mirrored it.
    otherPlate = `G${record.plan.seed}Y${index}`;
    const other = await registerTruck(server, otherPlate);
    await server.test.app.db
      .update(shipments)
      .set({ shipperId: other.id, arrivalDate: new Date() })
      .where(eq(shipments.id, line.id));
  }
  const uid = await queueCheckIn(
    lineOf(line),
    { plate, name: truck.name, phone: null },
    author,
    "en",
  );
  const mutationId = await queuedKeyOf(record.network, uid);
  seedFaults(mutationId, CHECK_IN_FAULT_BASE + index);
  record.checkIns.push({
    index,
    uid,
    mutationId,
    author: author.username,
    lineId: line.id,
    truckId: truck.id,
    plate,
    otherPlate,
    day,
  });
}

async function checkOut(
  step: Extract<Step, { kind: "checkOut" }>,
  { server, record, author, seedFaults }: StepContext,
): Promise<void> {
  const index = record.checkOuts.length;
  let truck: Shipper | undefined;
  let visit: CheckInRecord | null = null;
  if (step.visit === null) {
    // A truck that never arrived: registered, mirrored, never checked in.
    truck = await registerTruck(server, `G${record.plan.seed}Z${index}`);
    await db.trucks.put(truck);
  } else {
    visit = record.checkIns[step.visit] ?? null;
    // The same user checks out a truck they checked in (the terminal's mirrored truck).
    if (!visit || visit.author !== author.username) return;
    if (record.checkOuts.some((each) => each.visit === visit?.index)) return;
    truck = await db.trucks.get(visit.truckId);
  }
  if (!truck) return;
  const uid = await queueCheckOut(truck, author);
  const mutationId = await queuedKeyOf(record.network, uid);
  seedFaults(mutationId, CHECK_OUT_FAULT_BASE + index);
  record.checkOuts.push({
    index,
    uid,
    mutationId,
    author: author.username,
    truckId: truck.id,
    plate: truck.plate,
    visit: visit?.index ?? null,
  });
}

/** The gate's events stored under each uid (more than one would be a bug). */
export async function gateEvents(
  server: SyncServer,
  uids: string[],
): Promise<Map<string, (typeof checkIns.$inferSelect)[]>> {
  const out = new Map<string, (typeof checkIns.$inferSelect)[]>(uids.map((uid) => [uid, []]));
  if (uids.length === 0) return out;
  const rows = await server.test.app.db
    .select()
    .from(checkIns)
    .where(inArray(checkIns.uid, uids))
    .orderBy(checkIns.id);
  for (const row of rows) out.get(row.uid)?.push(row);
  return out;
}

/** The authors of the gate's writes, by Idempotency-Key (the session check). */
export function gateAuthors(record: RunRecord): [string, { index: number; author: string }][] {
  return [
    ...record.checkIns.map(
      (each) => [each.mutationId, { index: 3000 + each.index, author: each.author }] as const,
    ),
    ...record.checkOuts.map(
      (each) => [each.mutationId, { index: 3500 + each.index, author: each.author }] as const,
    ),
  ] as [string, { index: number; author: string }][];
}

export type { CheckInRecord, CheckOutRecord };
