import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, ne } from "drizzle-orm";
import { PLAIN } from "../../../src/server/db/demo-data";
import { attachments } from "../../../src/server/db/schema/attachments";
import { clients } from "../../../src/server/db/schema/clients";
import { shipmentHistory, shipments } from "../../../src/server/db/schema/shipments";
import { taskLines } from "../../../src/server/db/schema/tasks";
import { users } from "../../../src/server/db/schema/users";
import { createTestApp, type TestApp } from "../../../src/server/test/harness";
import type { LoginResponse } from "../../../src/shared/contract/auth";
import { listOf } from "../../../src/shared/contract/paging";
import { HistoryEntry, Shipment } from "../../../src/shared/contract/shipments";
import { DEFAULT_STATUS, type ShipmentType } from "../../../src/shared/contract/status";

/**
 * The real API for the sync suite: the Fastify app on PGlite (or DATABASE_URL's PostgreSQL)
 * listening on 127.0.0.1, which the client reaches with real fetch. The oracle (rows, history,
 * the other user's edits) goes around the device's network: inject, or the database itself.
 */
export const DEVICE_USERS = ["admin", "office"] as const;
export type DeviceUser = (typeof DEVICE_USERS)[number];
/** Another user, on another device, whose edits make some queued changes stale (412). */
export const OTHER_USER = "warehouse";
/** Tokens (sessions) logged in per device user up front; a run signs in with one of them. */
const TOKENS_PER_USER = 5;
/** Lines created at once when the pool of unused lines of a type runs out. */
const POOL_BATCH = 200;

/**
 * The largest file the suite's server takes: photos of the runs are a few KB, the "too large"
 * ones (a refusal from a server rule: 413 payload_too_large) just over it.
 */
export const UPLOAD_MAX_BYTES = 16 * 1024;

/** What a task line booked in a run names: its task, work, a client of the company, and one not. */
export interface TaskChoices {
  worksheet: number;
  description: number;
  client: number;
  /** A client of another company: the server refuses it (400, field code on `client`). */
  foreignClient: number;
}

/** A file stored for a line, as the database holds it. */
export interface StoredFile {
  name: string;
  username: string | null;
}

const PATHS: Record<ShipmentType, string> = { 1: "api/expedition", 2: "api/reception" };
const HISTORY = listOf(HistoryEntry);
const LIST = listOf(Shipment);

export interface ServerState {
  version: number;
  statusId: number;
  reasonId: number | null;
}

/** One history entry, as the database holds it. */
export interface HistoryRecord {
  id: number;
  /** The status after the change. */
  statusId: number | null;
  /** modified_fields.status.new */
  newStatus: unknown;
  username: string | null;
}

export interface SyncServer {
  test: TestApp;
  /** http://127.0.0.1:port/ */
  base: string;
  companyId: number;
  userIds: Record<string, number>;
  /** A token of `username` not in `avoid`: from the pool, else a fresh login. */
  token(username: string, avoid: ReadonlySet<string>): Promise<string>;
  /** The user a token was issued to (from this server's logins). */
  userOfJwt(jwt: string): string | undefined;
  /** A line nobody has touched, in its type's default status, as the API lists it. */
  takeLine(type: ShipmentType): Promise<Shipment>;
  read(row: { id: number; type: ShipmentType }): Promise<Shipment>;
  /** The row's history through the API, oldest first. */
  history(id: number): Promise<HistoryEntry[]>;
  /** Rows and their histories (oldest first) straight from the database. */
  states(ids: number[]): Promise<Map<number, ServerState>>;
  histories(ids: number[]): Promise<Map<number, HistoryRecord[]>>;
  /** The task, work and clients task lines of the runs book (made once, as admin). */
  taskChoices(): Promise<TaskChoices>;
  /** The task lines stored under each uid (their references; more than one would be a bug). */
  taskLinesByUid(uids: string[]): Promise<Map<string, string[]>>;
  /** The files stored for each line, oldest first, with who uploaded them. */
  files(ids: number[]): Promise<Map<number, StoredFile[]>>;
  /** Another user changes the status (no If-Match: it always applies). */
  editAsOther(row: { id: number; type: ShipmentType }, statusId: number): Promise<void>;
  close(): Promise<void>;
}

export function pathOf(row: { id: number; type: ShipmentType }): string {
  return `${PATHS[row.type]}/${row.id}`;
}

function subjectOf(jwt: string): number {
  const payload = jwt.split(".")[1] ?? "";
  return Number(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")).sub);
}

export async function startSyncServer(): Promise<SyncServer> {
  const filesDir = mkdtempSync(join(tmpdir(), "yardline-sync-files-"));
  const test = await createTestApp({
    config: { attachments: { dir: filesDir, maxBytes: UPLOAD_MAX_BYTES } },
  });
  const address = await test.app.listen({ host: "127.0.0.1", port: 0 });
  const companyId = await test.companyId(PLAIN);
  const owners = new Map<string, string>();
  const userIds: Record<string, number> = {};
  const tokens = new Map<string, string[]>();

  const login = async (username: string) => {
    const response = await test.app.inject({
      method: "POST",
      url: "/get-token",
      payload: { username, password: "yardline" },
    });
    if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.body}`);
    const { access } = response.json<LoginResponse>();
    owners.set(access, username);
    userIds[username] = subjectOf(access);
    tokens.set(username, [...(tokens.get(username) ?? []), access]);
    return access;
  };

  for (const name of DEVICE_USERS) {
    for (let i = 0; i < TOKENS_PER_USER; i++) await login(name);
  }
  const oracle = test.headers(await login("admin"), companyId);
  const other = test.headers(await login(OTHER_USER), companyId);

  const inject = async (method: "GET" | "PATCH" | "POST", url: string, payload?: object) => {
    const response = await test.app.inject({
      method,
      url,
      headers: method === "PATCH" ? other : oracle,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode !== (method === "POST" ? 201 : 200))
      throw new Error(`${method} ${url}: ${response.body}`);
    return response.json<unknown>();
  };
  let choices: Promise<TaskChoices> | null = null;
  const makeChoices = async (): Promise<TaskChoices> => {
    const worksheet = (await inject("POST", "/api/worksheet", { name: "Sync runs" })) as {
      id: number;
    };
    const description = (await inject("POST", "/api/work-description", {
      name: "Run work",
      worksheet: worksheet.id,
    })) as { id: number };
    const [mine] = await test.app.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.companyId, companyId))
      .limit(1);
    const [foreign] = await test.app.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(ne(clients.companyId, companyId)))
      .limit(1);
    if (!mine || !foreign) throw new Error("the demo data has no clients for task lines");
    return {
      worksheet: worksheet.id,
      description: description.id,
      client: mine.id,
      foreignClient: foreign.id,
    };
  };

  const pools: Record<ShipmentType, Shipment[]> = { 1: [], 2: [] };
  let batch = 0;
  const refill = async (type: ShipmentType) => {
    batch += 1;
    const prefix = `SYNC-${batch}-`;
    await test.app.db.insert(shipments).values(
      Array.from({ length: POOL_BATCH }, (_, i) => ({
        companyId,
        type,
        code: `${prefix}${String(i).padStart(4, "0")}`,
        bookedDate: new Date(Date.UTC(2032, 0, 1, 8) + (batch * POOL_BATCH + i) * 60_000),
        statusId: DEFAULT_STATUS[type],
      })),
    );
    const page = LIST.parse(await inject("GET", `/${PATHS[type]}?code=${prefix}&page_size=1000`));
    pools[type].push(...page.results);
  };

  return {
    test,
    base: `${address}/`,
    companyId,
    userIds,
    async token(username, avoid) {
      const free = (tokens.get(username) ?? []).find((token) => !avoid.has(token));
      return free ?? login(username);
    },
    userOfJwt: (jwt) => owners.get(jwt),
    async takeLine(type) {
      if (pools[type].length === 0) await refill(type);
      const line = pools[type].shift();
      if (!line) throw new Error("the pool of lines is empty");
      return line;
    },
    read: async (row) => Shipment.parse(await inject("GET", `/${pathOf(row)}`)),
    history: async (id) =>
      HISTORY.parse(await inject("GET", `/api/historic?shipment=${id}`)).results.sort(
        (a, b) => a.id - b.id,
      ),
    async states(ids) {
      const rows = await test.app.db
        .select({
          id: shipments.id,
          version: shipments.version,
          statusId: shipments.statusId,
          reasonId: shipments.reasonId,
        })
        .from(shipments)
        .where(inArray(shipments.id, ids));
      return new Map(rows.map(({ id, ...state }) => [id, state]));
    },
    async histories(ids) {
      const rows = await test.app.db
        .select({
          id: shipmentHistory.id,
          shipmentId: shipmentHistory.shipmentId,
          statusId: shipmentHistory.statusId,
          modified: shipmentHistory.modifiedFields,
          username: users.username,
        })
        .from(shipmentHistory)
        .leftJoin(users, eq(users.id, shipmentHistory.userId))
        .where(inArray(shipmentHistory.shipmentId, ids))
        .orderBy(shipmentHistory.id);
      const out = new Map<number, HistoryRecord[]>(ids.map((id) => [id, []]));
      for (const row of rows) {
        out.get(row.shipmentId)?.push({
          id: row.id,
          statusId: row.statusId,
          newStatus: row.modified.status?.new,
          username: row.username,
        });
      }
      return out;
    },
    taskChoices() {
      choices ??= makeChoices();
      return choices;
    },
    async taskLinesByUid(uids) {
      const out = new Map<string, string[]>(uids.map((uid) => [uid, []]));
      if (uids.length === 0) return out;
      const rows = await test.app.db
        .select({ uid: taskLines.uid, reference: taskLines.reference })
        .from(taskLines)
        .where(inArray(taskLines.uid, uids));
      for (const row of rows) out.get(row.uid)?.push(row.reference);
      return out;
    },
    async files(ids) {
      const rows = await test.app.db
        .select({
          shipmentId: attachments.shipmentId,
          name: attachments.name,
          username: users.username,
        })
        .from(attachments)
        .leftJoin(users, eq(users.id, attachments.userId))
        .where(inArray(attachments.shipmentId, ids))
        .orderBy(attachments.id);
      const out = new Map<number, StoredFile[]>(ids.map((id) => [id, []]));
      for (const row of rows)
        out.get(row.shipmentId)?.push({ name: row.name, username: row.username });
      return out;
    },
    async editAsOther(row, statusId) {
      await inject("PATCH", `/${pathOf(row)}`, { status: statusId });
    },
    close: async () => {
      await test.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
