/**
 * The floor for GET api/expedition (scripts/bench-http.ts forks it): bare Fastify and a pg
 * pool of the same size as Yardline's, running the list query Yardline's route sends for page
 * 1 (the page with the total as a scalar subquery; the SQL below is what Drizzle builds in
 * domain/shipments/list-repository.ts, copied) as a named prepared statement per filter
 * shape, as Yardline sends it (unnamed, PostgreSQL parsed and planned it on every request:
 * the floor then served less than Yardline at 1 connection, and the filtered list's floor was
 * mostly planning), with no token check, no company lookup, no presenter, no validation.
 * Environment: BENCH_DATABASE (PostgreSQL URL), BENCH_COMPANY (the company id the token would
 * scope to), BENCH_BARE_UNNAMED=1 (unnamed statements: the brief's plain handler, the floor the
 * targets refer to; bench-http.ts runs both). Answers the IPC message "cpu" with its
 * process.cpuUsage(); collects its heap (gc, with --expose-gc) before announcing its port.
 */
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import pg from "pg";

const COLUMNS = [
  ..."id company_id type code booked_date action_date arrival_date client_id place client_notes company_notes road road_number packages shipper_id shared_id info_shipper pallet_notes route_plate urgent status_id reason_id own_truck groupage warehouse dock weight packing_list uid rrule_str load_empty load_type user_id version created_at updated_at deleted_at"
    .split(" ")
    .map((column) => `"shipments"."${column}"`),
  '"clients"."id"',
  '"clients"."description"',
  '"shippers"."id"',
  '"shippers"."name"',
  '"shippers"."phone"',
  '"shippers"."plate"',
  '"statuses"."id"',
  '"statuses"."description"',
  '"statuses"."color"',
  '"reasons"."id"',
  '"reasons"."code"',
  '"reasons"."name"',
].join(", ");

const JOINS =
  'inner join "statuses" on "statuses"."id" = "shipments"."status_id" ' +
  'left join "clients" on "clients"."id" = "shipments"."client_id" ' +
  'left join "shippers" on "shippers"."id" = "shipments"."shipper_id" ' +
  'left join "reasons" on "reasons"."id" = "shipments"."reason_id"';

interface Query {
  page_size?: string;
  booked_date_after?: string;
  booked_date_before?: string;
  status?: string | string[];
}

/** The where clause and parameters Drizzle builds for these filters. */
function where(company: number, query: Query): { text: string; values: unknown[] } {
  const values: unknown[] = [company, 1];
  const parts = [
    '"shipments"."company_id" = $1',
    '"shipments"."deleted_at" is null',
    '"shipments"."type" = $2',
  ];
  if (query.booked_date_after) {
    values.push(new Date(`${query.booked_date_after}T00:00:00Z`).toISOString());
    parts.push(`"shipments"."booked_date" >= $${values.length}`);
  }
  if (query.booked_date_before) {
    const until = new Date(`${query.booked_date_before}T00:00:00Z`);
    until.setUTCDate(until.getUTCDate() + 1);
    values.push(until.toISOString());
    parts.push(`"shipments"."booked_date" < $${values.length}`);
  }
  const statuses = [query.status ?? []].flat().map(Number);
  if (statuses.length > 0) {
    const first = values.length + 1;
    values.push(...statuses);
    parts.push(
      `"shipments"."status_id" in (${statuses.map((_, i) => `$${first + i}`).join(", ")})`,
    );
  }
  return { text: `(${parts.join(" and ")})`, values };
}

const UNNAMED = process.env.BENCH_BARE_UNNAMED === "1";
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `bare_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

async function main(): Promise<void> {
  const company = Number(process.env.BENCH_COMPANY);
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE, max: 10 });
  const app = Fastify({ logger: false });
  app.get<{ Querystring: Query }>("/api/expedition", async (request) => {
    const limit = Number(request.query.page_size ?? 10);
    const filter = where(company, request.query);
    const text =
      `select ${COLUMNS}, (select count(*) from "shipments" where ${filter.text}) ` +
      `from "shipments" ${JOINS} where ${filter.text} ` +
      `order by "shipments"."booked_date" asc, "shipments"."id" asc limit $${filter.values.length + 1}`;
    const page = await pool.query<unknown[]>({
      ...(UNNAMED ? {} : { name: nameOf(text) }),
      text,
      values: [...filter.values, limit],
      rowMode: "array",
    });
    // Page 1 holds a line whenever any matches (the total rides on every row).
    const count = Number(page.rows[0]?.at(-1) ?? 0);
    return { count, results: page.rows.map((row) => row.slice(0, -1)) };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  globalThis.gc?.();
  const { port } = app.server.address() as AddressInfo;
  process.on("message", (message) => {
    if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
  });
  process.once("SIGTERM", () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
  process.send?.({ port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
