import { count, sql } from "drizzle-orm";
import { pgSchema, text } from "drizzle-orm/pg-core";
import { hashPassword } from "../crypto/password";
import { AUTH_CHANGES_CHANNEL, type Database, type Db } from "./database";
import { seedDemoAlerts } from "./demo-alerts";
import { seedDemoCheckInPages } from "./demo-check-in";
import { demoCriticalLines } from "./demo-critical-lines";
import {
  DEMO_CLIENTS,
  DEMO_COMPANIES,
  DEMO_DOCK_SCHEDULE,
  DEMO_PASSWORD,
  DEMO_USER_CLIENTS,
  DEMO_USERS,
  demoNow,
} from "./demo-data";
import { demoShipments } from "./demo-shipments";
import { seedDemoTasks } from "./demo-tasks";
import { demoTrucks } from "./demo-trucks";
import { clientCompanies as clientCompanyLinks, clients, userClients } from "./schema/clients";
import { companies } from "./schema/companies";
import { criticalLines } from "./schema/critical-lines";
import { dockSchedules } from "./schema/scheduling";
import { reasons, shipmentHistory, shipments } from "./schema/shipments";
import { shippers } from "./schema/shippers";
import { memberships, userRoles, users } from "./schema/users";

export interface SeedOptions {
  /** log2 of the scrypt cost the server uses; demo hashes use at most DEMO_HASH_COST. */
  passwordCost: number;
}

/**
 * The demo password is public, so a costly hash of it protects nothing; a cheap one keeps the
 * first start fast. Login upgrades each hash to the full cost (needsRehash) on first use, and
 * a changed password is always hashed at the full cost.
 */
export const DEMO_HASH_COST = 12;

/** At most this many scrypt derivations at once: each takes 128 * N * r bytes of memory. */
const HASH_CONCURRENCY = 2;

async function hashAll(count: number, cost: number): Promise<string[]> {
  const hashes: string[] = [];
  for (let start = 0; start < count; start += HASH_CONCURRENCY) {
    const size = Math.min(HASH_CONCURRENCY, count - start);
    const batch = Array.from({ length: size }, () => hashPassword(DEMO_PASSWORD, cost));
    hashes.push(...(await Promise.all(batch)));
  }
  return hashes;
}

function idOf(ids: ReadonlyMap<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`Demo data refers to unknown "${name}"`);
  return id;
}

/** Seeds the demo data unless users already exist. Returns true when it seeded. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const hashes = await hashAll(DEMO_USERS.length, Math.min(options.passwordCost, DEMO_HASH_COST));

  await db.transaction(async (tx) => {
    const companyRows = await tx
      .insert(companies)
      .values(DEMO_COMPANIES.map((company) => ({ ...company })))
      .returning({ id: companies.id, name: companies.name });
    const companyIds = new Map(companyRows.map((row) => [row.name, row.id]));

    const userRows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((user, index) => ({
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          email: `${user.username}@yardline.example`,
          passwordHash: hashes[index] ?? "",
          userType: user.userType ?? "default",
        })),
      )
      .returning({ id: users.id, username: users.username });
    const userIds = new Map(userRows.map((row) => [row.username, row.id]));

    const links = DEMO_USERS.flatMap((user) =>
      user.companies.map((company, ordering) => ({
        userId: idOf(userIds, user.username),
        companyId: idOf(companyIds, company),
        ordering,
        role: user.role,
      })),
    );
    await tx
      .insert(memberships)
      .values(links.map(({ userId, companyId, ordering }) => ({ userId, companyId, ordering })));
    await tx
      .insert(userRoles)
      .values(links.map(({ userId, companyId, role }) => ({ userId, companyId, role })));

    const clientRows = await tx
      .insert(clients)
      .values(
        DEMO_CLIENTS.map((client) => ({
          companyId: idOf(companyIds, client.company),
          description: client.description,
          email: client.email,
          notes: client.notes,
        })),
      )
      .returning({ id: clients.id, description: clients.description });
    const clientIds = new Map(clientRows.map((row) => [row.description, row.id]));
    // Each client belongs to its company (the client API may add more).
    await tx.insert(clientCompanyLinks).values(
      DEMO_CLIENTS.map((client) => ({
        clientId: idOf(clientIds, client.description),
        companyId: idOf(companyIds, client.company),
      })),
    );

    await tx
      .insert(dockSchedules)
      .values(companyRows.map((company) => ({ companyId: company.id, ...DEMO_DOCK_SCHEDULE })));

    const userClientRows = Object.entries(DEMO_USER_CLIENTS).flatMap(([username, names]) =>
      names.map((name) => ({ userId: idOf(userIds, username), clientId: idOf(clientIds, name) })),
    );
    await tx.insert(userClients).values(userClientRows);

    const now = demoNow();
    const truckRows = await tx
      .insert(shippers)
      .values(demoTrucks(companyIds, now))
      .returning({ id: shippers.id, companyId: shippers.companyId });

    // Shipments: two multi-row inserts (lines, then the history of their status changes).
    const byCompany = <T extends { companyId: number }>(rows: T[], value: (row: T) => number) =>
      new Map(
        [...companyIds].map(([name, id]) => [
          name,
          rows.filter((row) => row.companyId === id).map(value),
        ]),
      );
    const clientCompanies = DEMO_CLIENTS.map((client) => ({
      companyId: idOf(companyIds, client.company),
      id: idOf(clientIds, client.description),
    }));
    const reasonRows = await tx.select().from(reasons);
    const lines = demoShipments(
      {
        companyIds,
        clientIds: byCompany(clientCompanies, (row) => row.id),
        truckIds: byCompany(truckRows, (row) => row.id),
        reasonIds: new Map(reasonRows.map((row) => [`${row.statusId}:${row.code}`, row.id])),
        userId: userIds.get("office") ?? null,
      },
      now,
    );
    const inserted = await tx
      .insert(shipments)
      .values(lines.map((line) => line.row))
      .returning({ id: shipments.id });
    const history = lines.flatMap((line, index) => {
      const id = inserted[index]?.id;
      return line.history && id !== undefined ? [{ ...line.history, shipmentId: id }] : [];
    });
    if (history.length > 0) await tx.insert(shipmentHistory).values(history);
    await tx
      .insert(criticalLines)
      .values(demoCriticalLines(companyIds, userIds.get("office") ?? null, now));
    await seedDemoAlerts(tx, companyIds);
    await seedDemoCheckInPages(tx, companyIds);
    await seedDemoTasks(tx, { companyIds, userIds, clientIds }, now);
  });
  return true;
}

const catalog = pgSchema("pg_catalog");
const pgTables = catalog.table("pg_tables", { schemaname: text(), tablename: text() });

/**
 * The public schema's own functions (the change-log triggers' functions), as signatures
 * (`regprocedure`); an extension's functions (pg_trgm) stay with their extension.
 */
const OWN_FUNCTIONS = sql`
  select p.oid::regprocedure::text as signature
  from pg_catalog.pg_proc p
  where p.pronamespace = 'public'::regnamespace
    and not exists (
      select 1 from pg_catalog.pg_depend d
      where d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
    )`;

/**
 * Drops every table and function of the public schema and the migration journal: a blank
 * database the migrations can run on again (the migrations create functions without
 * OR REPLACE, so a function left behind would stop them).
 */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = await db
    .select({ name: pgTables.tablename })
    .from(pgTables)
    .where(sql`${pgTables.schemaname} = 'public'`);
  const names = tables.flatMap((table) =>
    table.name ? [`"public"."${table.name.replaceAll('"', '""')}"`] : [],
  );
  await db.transaction(async (tx) => {
    if (names.length > 0)
      await tx.execute(sql.raw(`drop table if exists ${names.join(", ")} cascade`));
    // Both drivers answer { rows }.
    const functions = (await tx.execute(OWN_FUNCTIONS)) as unknown as {
      rows: { signature: string }[];
    };
    const signatures = functions.rows.map((row) => row.signature);
    if (signatures.length > 0) {
      await tx.execute(sql.raw(`drop function if exists ${signatures.join(", ")} cascade`));
    }
    await tx.execute(sql.raw(`drop schema if exists "drizzle" cascade`));
    // Dropped tables fire no trigger: tell the servers their kept auth contexts are gone.
    await tx.execute(sql`select pg_notify(${AUTH_CHANGES_CHANNEL}, 'reset')`);
  });
}

/** `npm run seed`: a blank database, migrated, with the demo data; the same on every run. */
export async function resetDemo(database: Database, options: SeedOptions): Promise<void> {
  await resetDatabase(database.db);
  await database.migrate();
  await seedDemo(database.db, options);
}
