import type { Locale } from "../../../shared/constants";
import type { CheckInLine } from "../../../shared/contract/check-in";
import type { Shipper } from "../../../shared/contract/trucks";
import { type Author, enqueue } from "../../offline/outbox";
import { checkInPath, checkOutPath } from "./api";

/**
 * The check-in terminal's writes go through the outbox (offline/outbox.ts), online or not: the terminal
 * shows the dock at once, the replayer sends each exactly once (PUT to a client-chosen uid,
 * so a repeat is answered with the first result), and a refusal comes back as a sync issue.
 */

export interface CheckInTruck {
  plate: string;
  name: string;
  phone: string | null;
}

export async function queueCheckIn(
  line: CheckInLine,
  truck: CheckInTruck,
  author: Author,
  language: Locale,
  now: Date = new Date(),
): Promise<string> {
  const uid = crypto.randomUUID();
  await enqueue(
    {
      entity: "shipment",
      entityId: line.id,
      op: "update",
      method: "PUT",
      path: checkInPath(uid),
      body: {
        line: line.id,
        type: line.type,
        truck: { plate: truck.plate, name: truck.name, phone: truck.phone },
        language,
      },
      changes: {
        shipper: { id: 0, name: truck.name, phone: truck.phone, plate: truck.plate },
        arrival_date: now.toISOString(),
      },
      // The server decides (the line may have got another truck): no If-Match.
      baseVersion: null,
      summary: { label: line.code, field: "check_in", from: null, to: truck.plate },
    },
    author,
  );
  return uid;
}

export async function queueCheckOut(
  truck: Shipper,
  author: Author,
  now: Date = new Date(),
): Promise<string> {
  const uid = crypto.randomUUID();
  await enqueue(
    {
      entity: "shipper",
      entityId: truck.id,
      op: "update",
      method: "PUT",
      path: checkOutPath(uid),
      body: { plate: truck.plate },
      changes: { expedition_date: now.toISOString() },
      baseVersion: null,
      summary: { label: truck.plate, field: "check_out", from: null, to: null },
    },
    author,
  );
  return uid;
}
