import { listOf } from "../../shared/contract/paging";
import { HistoryEntry } from "../../shared/contract/shipments";
import {
  ShipmentChange,
  type ShipmentChangeAnswer,
  ShipmentChangesResponse,
} from "../../shared/contract/shipments-changes";
import { ApiError } from "../lib/errors";
import { http, request } from "../lib/http";
import type { OutboxRow } from "./db";
import { isCheckInPath, isGateWritePath, storeCheckInAnswer } from "./gate-writes";
import { parseRow } from "./outbox";
import type { ServerRow } from "./replay-outcome";
import type { ReplayAnswer, ReplaySession } from "./replayer";
import { isSeriesEntry, parseSeriesAnswer } from "./series-outcome";
import { sendUpload } from "./uploads";

/**
 * The session's own token, whatever localStorage holds by now: the replayer picked the entry
 * for this session, and another user signing in meanwhile must not send it as theirs.
 */
function authorization(session: ReplaySession | undefined): Record<string, string> {
  return session ? { Authorization: `Bearer ${session.jwt}` } : {};
}

/**
 * Sends one queued change as it was made: its Idempotency-Key (the same on every retry, so a
 * repeat is answered from the server's record), If-Match of the version it was made on, and
 * the company it was made in, with the token of the session the replayer picked it for (a
 * session of the entry's user).
 */
export async function sendEntry(entry: OutboxRow, session?: ReplaySession): Promise<ReplayAnswer> {
  // An upload: the same key, company and session, its fields and file as multipart.
  if (entry.upload) return sendUpload(entry, session?.jwt);
  const headers: Record<string, string> = {
    ...authorization(session),
    "Idempotency-Key": entry.mutationId,
  };
  if (entry.baseVersion !== null) headers["If-Match"] = `"${entry.baseVersion}"`;
  const body = await request<unknown>(entry.path, {
    method: entry.method.toLowerCase(),
    json: entry.body ?? undefined,
    headers,
    company: entry.company,
  });
  if (body === undefined || body === null) return null;
  // A check-in's truck enters the trucks mirror with it; the line goes as any line's answer.
  if (isCheckInPath(entry.path)) await storeCheckInAnswer(body);
  return isSeriesEntry(entry) ? parseSeriesAnswer(body) : parseRow(entry.entity, body);
}

/** The entries a batch may carry: status or reason changes of a line, made on a known version. */
export function batchChangeOf(entry: OutboxRow): ShipmentChange | null {
  const path = /^api\/(expedition|reception)\/(\d+)$/.exec(entry.path);
  if (entry.entity !== "shipment" || entry.method !== "PATCH" || entry.baseVersion === null) {
    return null;
  }
  const change = ShipmentChange.safeParse({
    key: entry.mutationId,
    type: path?.[1],
    id: Number(path?.[2]),
    version: entry.baseVersion,
    body: entry.body,
  });
  return change.success ? change.data : null;
}

/**
 * Sends queued changes in one request (POST api/shipment-changes, all of one company and
 * session): each is answered, in order, as its own PATCH would have been.
 */
export async function sendBatch(
  entries: readonly OutboxRow[],
  session?: ReplaySession,
): Promise<ShipmentChangeAnswer[]> {
  const changes = entries.map((entry) => {
    const change = batchChangeOf(entry);
    if (!change) throw new Error(`outbox entry ${entry.seq} cannot go in a batch`);
    return change;
  });
  const body = await request<unknown>("api/shipment-changes", {
    method: "post",
    json: { changes },
    headers: authorization(session),
    company: entries[0]?.company,
  });
  return ShipmentChangesResponse.parse(body).results;
}

/**
 * Where a row is read back: the entry's own path, except the gate's writes (issue 15), which
 * PUT to a check-in's uid and change a line (check-in) or a truck (check-out).
 */
function readPathOf(entry: OutboxRow): string {
  if (!isGateWritePath(entry.path)) return entry.path;
  return entry.entity === "shipment"
    ? `api/shipment/${entry.entityId}`
    : `api/shipper/${entry.entityId}`;
}

/** The server's row after a refusal: "gone" when it answers 404. */
export async function readCurrent(entry: OutboxRow, session?: ReplaySession): Promise<ServerRow> {
  try {
    const body = await http.get<unknown>(readPathOf(entry), {
      company: entry.company,
      headers: authorization(session),
    });
    return parseRow(entry.entity, body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "gone";
    throw error;
  }
}

const HISTORY = listOf(HistoryEntry);

/** The user of a shipment's latest history entry (trucks keep no history). */
export async function whoChanged(
  entry: OutboxRow,
  session?: ReplaySession,
): Promise<string | null> {
  if (entry.entity !== "shipment") return null;
  const body = await http.get<unknown>("api/historic", {
    searchParams: { shipment: String(entry.entityId), page_size: "1" },
    company: entry.company,
    headers: authorization(session),
  });
  return HISTORY.parse(body).results[0]?.user?.username ?? null;
}
