import type { FastifyInstance } from "fastify";
import { type AuthContextCache, createAuthContextCache } from "../auth/context-cache";
import { AUTH_CHANGES_CHANNEL, type Database } from "../db/database";

declare module "fastify" {
  interface FastifyInstance {
    /** Auth contexts kept until what they were read from changes (auth/context-cache.ts). */
    authContexts: AuthContextCache;
  }
}

/**
 * Keeps this instance's auth contexts and forgets them all on every auth change notice
 * (migration 0028), its own at commit; keeps none while its LISTEN connection is lost.
 */
export async function registerAuthContextCache(
  app: FastifyInstance,
  database: Database,
): Promise<void> {
  const cache = createAuthContextCache();
  const unlisten = await database.listen(AUTH_CHANGES_CHANNEL, {
    onPayload: cache.forgetAll,
    onLost: cache.pause,
    onGap: cache.resume,
    ownCommits: true,
  });
  app.decorate("authContexts", cache);
  app.addHook("preClose", async () => {
    await unlisten();
  });
}
