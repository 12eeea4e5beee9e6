import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../../db/database";

/**
 * The Prometheus collectors of one app instance, in a registry of its own (tests build many
 * apps in one process; a global registry would mix them and refuse the second set of names).
 * Served by GET /metrics (routes/metrics.ts) when METRICS_TOKEN is set.
 */
export interface AppMetrics {
  registry: Registry;
  /** By method, route pattern (never the raw URL) and status. */
  requests: Counter<"method" | "route" | "status">;
  requestSeconds: Histogram<"method" | "route" | "status">;
  /** Idempotency-Key claims this instance holds while their requests run. */
  idempotencyClaimsInFlight: Gauge;
  /** Logins refused by the login limiter (429 on POST /get-token). */
  loginThrottled: Counter;
  sms: Counter<"result">;
  mail: Counter<"result">;
}

/** What the gauges read when scraped. */
export interface MetricSources {
  eventStreams(): number;
  /** Absent: no pool (PGlite is one in-process connection), and no pool metrics. */
  pool?: () => PoolStats;
  /** The webhook outbox, read from the database (shared by every instance). */
  webhookOutbox?: () => Promise<WebhookOutboxFigures>;
}

export interface WebhookOutboxFigures {
  pending: number;
  oldestPendingSeconds: number;
  failingEndpoints: number;
}

/**
 * The webhook outbox's gauges, read once per scrape (one query for the three): the same on
 * every instance, since the outbox is the database's; alert on the oldest delivery's age.
 */
function registerOutboxGauges(
  registry: Registry,
  outbox: () => Promise<WebhookOutboxFigures>,
): void {
  let reading: Promise<WebhookOutboxFigures> | null = null;
  const read = () => {
    reading ??= outbox().finally(() => {
      reading = null;
    });
    return reading;
  };
  const gauge = (name: string, help: string, pick: (figures: WebhookOutboxFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await read()));
      },
    });
  gauge(
    "yardline_webhook_deliveries_pending",
    "Webhook deliveries not yet delivered nor given up (due, waiting for a retry, or in flight)",
    (figures) => figures.pending,
  );
  gauge(
    "yardline_webhook_oldest_pending_seconds",
    "Age of the oldest pending webhook delivery's event, in seconds (0 when none)",
    (figures) => figures.oldestPendingSeconds,
  );
  gauge(
    "yardline_webhook_endpoints_failing",
    "Active webhook endpoints marked failing (a delivery given up after 3 days of retries)",
    (figures) => figures.failingEndpoints,
  );
}

/** The PostgreSQL pool's gauges, read at each scrape. */
function registerPoolGauges(registry: Registry, pool: () => PoolStats): void {
  new Gauge({
    name: "yardline_db_pool_connections",
    help: "PostgreSQL pool connections by state (idle or busy)",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const now = pool();
      this.set({ state: "idle" }, now.idle);
      this.set({ state: "busy" }, now.total - now.idle);
    },
  });
  new Gauge({
    name: "yardline_db_pool_waiting",
    help: "Queries waiting for a free PostgreSQL pool connection",
    registers: [registry],
    collect() {
      this.set(pool().waiting);
    },
  });
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createAppMetrics(
  sources: MetricSources,
  options: { processMetrics: boolean },
): AppMetrics {
  const registry = new Registry();
  // Process metrics (CPU, memory, event loop lag) only when served: each set adds observers.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  new Gauge({
    name: "yardline_event_stream_clients",
    help: "Open live-events streams (GET /api/events) on this instance",
    registers,
    collect() {
      this.set(sources.eventStreams());
    },
  });
  const pool = sources.pool;
  if (pool) registerPoolGauges(registry, pool);
  if (sources.webhookOutbox) registerOutboxGauges(registry, sources.webhookOutbox);
  const metrics: AppMetrics = {
    registry,
    requests: new Counter({
      name: "yardline_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers,
    }),
    requestSeconds: new Histogram({
      name: "yardline_http_request_duration_seconds",
      help: "Time to answer HTTP requests, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    idempotencyClaimsInFlight: new Gauge({
      name: "yardline_idempotency_claims_in_flight",
      help: "Idempotency-Key claims held by this instance's running requests",
      registers,
    }),
    loginThrottled: new Counter({
      name: "yardline_login_throttled_total",
      help: "Logins refused by the login limiter (429)",
      registers,
    }),
    sms: new Counter({
      name: "yardline_sms_messages_total",
      help: "SMS handed to the provider, by result (sent or failed)",
      labelNames: ["result"],
      registers,
    }),
    mail: new Counter({
      name: "yardline_mail_messages_total",
      help: "Mail handed to the SMTP server, by result (sent or failed)",
      labelNames: ["result"],
      registers,
    }),
  };
  // Both results from the first scrape, so a dashboard's rate() has a start.
  for (const result of ["sent", "failed"]) {
    metrics.sms.inc({ result }, 0);
    metrics.mail.inc({ result }, 0);
  }
  return metrics;
}
