import type { ServerOptions } from "node:http";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { createAccessTokens } from "./auth/access-token";
import { resolveJwtSecret } from "./auth/jwt-secret";
import type { ServerConfig } from "./config";
import type { Database } from "./db/database";
import { openDatabase } from "./db/open-database";
import { seedDemo } from "./db/seed";
import { registerAbsolutePageLinks } from "./http/page";
import { registerAuthDecorations } from "./plugins/auth";
import { registerAuthContextCache } from "./plugins/auth-context-cache";
import { registerChangeHub } from "./plugins/change-hub";
import { registerCompression } from "./plugins/compression";
import { registerDatabase } from "./plugins/db";
import {
  clientErrorHandler,
  frameworkErrors,
  logSerializers,
  registerErrorHandler,
} from "./plugins/errors";
import { registerInstanceLease } from "./plugins/instance-lease";
import { registerMetrics } from "./plugins/metrics";
import { registerRequestLog } from "./plugins/request-log";
import { originOf, registerSecurityHeaders } from "./plugins/security-headers";
import { registerGracefulClose } from "./plugins/shutdown";
import { registerStatic } from "./plugins/static";
import { registerStorage } from "./plugins/storage";
import { registerSwagger } from "./plugins/swagger";
import { registerWebhookWorker } from "./plugins/webhook-worker";
import { apiRoutes } from "./routes/api";
import { authRoutes } from "./routes/auth";
import { carrierBookingRoutes } from "./routes/carrier-booking";
import { configRoutes } from "./routes/config";
import { contactRoutes } from "./routes/contact";
import { healthRoutes } from "./routes/health";
import { metricsRoutes } from "./routes/metrics";
import { selfCheckInRoutes } from "./routes/self-check-in";
import { ssoRoutes } from "./routes/sso";

export interface AppOptions {
  config: ServerConfig;
  /** An open database; by default one is opened from `config`. The app closes it on close. */
  database?: Database;
  /** Seed the demo data when the database has no users yet. */
  seed?: boolean;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built client from config.staticDir (default true). */
  serveClient?: boolean;
  /** Extra routes inside the authenticated, company-scoped /api scope (used by tests). */
  extendApi?: FastifyPluginAsyncZod;
}

export type App = FastifyInstance;

/**
 * Node checks request timeouts every connectionsCheckingInterval (30 s by default): check
 * often enough that a short timeout holds, and keep the headers timeout within it.
 */
function requestTimeouts(requestTimeout: number): {
  requestTimeout: number;
  http?: ServerOptions;
} {
  if (requestTimeout === 0) return { requestTimeout: 0 };
  return {
    requestTimeout,
    http: {
      headersTimeout: Math.min(requestTimeout, 60_000),
      connectionsCheckingInterval: Math.min(Math.max(Math.floor(requestTimeout / 10), 50), 5000),
    },
  };
}

/** Builds the whole server, ready for `inject` or `listen`. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const database = options.database ?? (await openDatabase(config));
  try {
    await database.migrate();
    const secret = await resolveJwtSecret(database.db, config.jwtSecret);

    const logger = options.logger ?? false;
    const app = Fastify({
      // The err serializer keeps SQL parameters (phones, SMS text) out of the log.
      logger: typeof logger === "object" ? { serializers: logSerializers, ...logger } : logger,
      // Router and HTTP parser refusals answer the API's {code, message} shape too.
      frameworkErrors,
      clientErrorHandler,
      bodyLimit: config.bodyLimit,
      // Trust exactly `trustProxy` hops of X-Forwarded-For (the client IP feeds rate limits).
      trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
      routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
      return503OnClosing: false, // plugins/shutdown.ts answers 503 in the API error shape
      // plugins/request-log.ts logs errors, slow requests and (debug) access instead.
      logController: new LogController({ disableRequestLogging: true }),
      // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS or gets 408 and a
      // closed socket; answers, SSE streams included, are not limited by it.
      ...requestTimeouts(config.limits.requestTimeoutMs),
    }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // JSON only: text/plain bodies answer 415 instead of reaching the validators as strings.
    app.removeContentTypeParser("text/plain");

    app.decorate("serverConfig", config);
    app.decorate("accessTokens", createAccessTokens(secret, config.accessTokenTtlSeconds));
    registerDatabase(app, database);
    registerGracefulClose(app);
    await registerChangeHub(app, database);
    await registerAuthContextCache(app, database);
    registerMetrics(app, database);
    await registerInstanceLease(app, database, config.databaseUrl);
    await registerWebhookWorker(app, database);
    if (options.seed && (await seedDemo(database.db, { passwordCost: config.passwordHashCost }))) {
      app.log.info("demo data seeded (every demo password is the same; see db/demo-data.ts)");
    }
    // At the root: the API's files and /readyz's storage check share it.
    registerStorage(app);
    registerAuthDecorations(app);
    registerErrorHandler(app);
    registerAbsolutePageLinks(app);
    registerSecurityHeaders(app, {
      hsts: config.hstsEnabled,
      connectOrigins: [config.runtime.apiBase, config.runtime.indicatorsBase]
        .map(originOf)
        .filter((origin) => origin !== null),
    });
    registerRequestLog(app, config.logSlowMs);
    await registerCompression(app);
    await registerSwagger(app);

    await app.register(configRoutes);
    await app.register(healthRoutes);
    await app.register(metricsRoutes);
    await app.register(authRoutes);
    await app.register(ssoRoutes, { secret });
    await app.register(contactRoutes, { prefix: "/api" });
    await app.register(selfCheckInRoutes, { prefix: "/api" });
    await app.register(carrierBookingRoutes, { prefix: "/api", secret });
    await app.register(apiRoutes(options.extendApi), { prefix: "/api" });
    await registerStatic(app, options.serveClient === false ? null : config.staticDir);

    await app.ready();
    return app;
  } catch (error) {
    await database.close();
    throw error;
  }
}
