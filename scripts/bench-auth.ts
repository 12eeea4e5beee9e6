/**
 * Request-context cost: `node --import tsx scripts/bench-auth.ts`. On a seeded in-memory PGlite
 * (and a scratch database on DATABASE_URL's PostgreSQL when set, created and dropped here) it
 * times, BENCH_REQUESTS times after a warm-up: the four sequential queries the /api hooks used
 * to run (session+user, membership+company, roles, client limits), the one prepared query of
 * auth/context.ts, a bare authenticated /api request through inject, and the JWT check with
 * and without the verified-token cache. Prints medians and p99. Figures, not pass/fail.
 */
import { performance } from "node:perf_hooks";
import { and, asc, eq, isNull } from "drizzle-orm";
import { type App, buildApp } from "../src/server/app";
import { createAccessTokens } from "../src/server/auth/access-token";
import { loadAuthContext } from "../src/server/auth/context";
import type { Db } from "../src/server/db/database";
import { DEMO_PASSWORD } from "../src/server/db/demo-data";
import { clients, userClients } from "../src/server/db/schema/clients";
import { sessions } from "../src/server/db/schema/sessions";
import { userRoles, users } from "../src/server/db/schema/users";
import { memberCompany } from "../src/server/domain/company/repository";
import { createScratchStorage, testConfig } from "../src/server/test/harness";
import { openSeededPglite } from "../src/server/test/pglite-template";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const WARMUP = 100;

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5)?.toFixed(3)} ms, p99 ${at(0.99)?.toFixed(3)} ms`;
}

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  console.log(`  ${label.padEnd(44)} ${summary(samples)}`);
}

/** What plugins/auth.ts + company-scope.ts ran before: four queries, one after another. */
async function fourQueries(db: Db, userId: number, sessionId: string) {
  await db
    .select({ id: users.id, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        eq(users.isActive, true),
      ),
    );
  const company = await memberCompany(db, userId, undefined);
  if (!company) throw new Error("no company");
  await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.companyId, company.id)))
    .orderBy(asc(userRoles.role));
  await db
    .select({ id: clients.id })
    .from(userClients)
    .innerJoin(clients, eq(clients.id, userClients.clientId))
    .where(and(eq(userClients.userId, userId), eq(clients.companyId, company.id)))
    .orderBy(asc(clients.id));
}

async function benchApp(app: App): Promise<void> {
  const login = await app.inject({
    method: "POST",
    url: "/get-token",
    payload: { username: "client", password: DEMO_PASSWORD },
  });
  const { access } = login.json<{ access: string }>();
  const claims = await app.accessTokens.verify(access);
  if (!claims) throw new Error("login failed");
  await time("4 sequential queries (before)", () =>
    fourQueries(app.db, claims.userId, claims.sessionId),
  );
  await time("1 prepared context query (now)", () => loadAuthContext(app.db, claims, undefined));
  await time("GET /api/bench-ping (token + context)", () =>
    app.inject({ url: "/api/bench-ping", headers: { authorization: `Bearer ${access}` } }),
  );
}

async function benchJwt(): Promise<void> {
  const secret = new TextEncoder().encode("bench-secret-bench-secret-bench-secret-0123");
  const tokens = createAccessTokens(secret, 3600);
  const signed = await Promise.all(
    Array.from({ length: REQUESTS + WARMUP }, (_, i) =>
      tokens.sign({ userId: i + 1, sessionId: "00000000-0000-4000-8000-000000000000" }),
    ),
  );
  let next = 0;
  await time("JWT verify, first sight (jose HS256)", () => tokens.verify(signed[next++] ?? ""));
  const token = signed[0] ?? "";
  await time("JWT verify, remembered token", () => tokens.verify(token));
}

async function main(): Promise<void> {
  const config = testConfig({ logLevel: "silent" });
  const extendApi = async (api: App) => {
    api.get("/bench-ping", async () => ({ ok: true }));
  };
  console.log(`auth bench: ${REQUESTS} requests after ${WARMUP} warm-up`);
  await benchJwt();

  console.log("PGlite (in memory)");
  const pglite = await buildApp({
    config,
    database: await openSeededPglite(config.passwordHashCost),
    extendApi,
  });
  try {
    await benchApp(pglite);
  } finally {
    await pglite.close();
  }

  if (process.env.DATABASE_URL) {
    console.log("PostgreSQL");
    const scratch = await createScratchStorage();
    try {
      const app = await buildApp({
        config: { ...config, ...scratch.storage },
        seed: true,
        extendApi,
      });
      try {
        await benchApp(app);
      } finally {
        await app.close();
      }
    } finally {
      await scratch.remove();
    }
  }
}

await main();
