import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "../../shared/contract/errors";
import { migrationsApplied } from "../db/migration-status";
import { errors } from "../errors";

/** The longest one readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 3000;

const Ok = z.object({ status: z.literal("ok") });

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and orchestrators, with no data in the answers: /healthz says the process
 * is alive (restart it when not), /readyz whether it can serve (send it traffic): the database
 * answers, every migration this code ships is applied, and the file storage takes bytes (the
 * storage kind's own check()). A failed check is logged with its cause and named in the 503.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/healthz", {
    schema: {
      tags: ["health"],
      summary: "Liveness: the process answers (no database or storage call)",
      response: { 200: Ok },
    },
    handler: async () => ({ status: "ok" as const }),
  });

  app.get("/readyz", {
    schema: {
      tags: ["health"],
      summary: "Readiness: database reachable, migrations applied, storage writable",
      description:
        "200 when every check passes; 503 service_unavailable naming the failed checks " +
        "(database unreachable, migrations not applied, storage not writable).",
      response: { 200: Ok, 503: ErrorBody },
    },
    handler: async (request) => {
      const checks: [string, () => Promise<unknown>][] = [
        ["database unreachable", () => app.db.execute(sql`select 1`)],
        [
          "migrations not applied",
          async () => {
            if (!(await migrationsApplied(app.db)))
              throw new Error("a shipped migration is missing");
          },
        ],
        ["storage not writable", () => app.fileStorage.check()],
      ];
      const outcomes = await Promise.allSettled(checks.map(([, run]) => withinTimeout(run())));
      const failed = checks.flatMap(([name], index) => {
        const outcome = outcomes[index];
        if (outcome?.status !== "rejected") return [];
        request.log.warn({ err: outcome.reason }, `readiness: ${name}`);
        return [name];
      });
      if (failed.length > 0) throw errors.unavailable(`Not ready: ${failed.join(", ")}`);
      return { status: "ok" as const };
    },
  });
};
