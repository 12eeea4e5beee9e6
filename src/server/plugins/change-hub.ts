import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import { readLiveSlice } from "../domain/changes/live-slice";
import { snapshotBound } from "../domain/changes/repository";
import {
  CHANGES_CHANNEL,
  type ChangeHub,
  ChangeNoticeSchema,
} from "../domain/events/change-notice";
import { createLiveRows } from "../domain/events/live-rows";

declare module "fastify" {
  interface FastifyInstance {
    changeHub: ChangeHub;
  }
}

/**
 * Fans the database's change notifications out to the live-events streams of this instance.
 * The statement triggers of migration 0004 NOTIFY `yardline_changes` at commit, whoever
 * wrote (any instance, a script, a seed); each instance holds one LISTEN (db/database.ts:
 * PGlite's own, or a dedicated PostgreSQL connection) and hands each notice to live-rows.ts,
 * which reads the changed rows once per company and hands them to the streams. On close the subscribers are told to end before the server stops, so open
 * streams never hold a graceful shutdown.
 */
export async function registerChangeHub(app: FastifyInstance, database: Database): Promise<void> {
  const hub = createLiveRows({
    bound: () => snapshotBound(database.db),
    read: (company, since, below) => readLiveSlice(database.db, company, since, below, new Date()),
    warn: (error, message) => app.log.warn({ err: error }, message),
  });
  const handleNotice = (payload: string) => {
    let parsed: ReturnType<typeof ChangeNoticeSchema.safeParse>;
    try {
      parsed = ChangeNoticeSchema.safeParse(JSON.parse(payload));
    } catch {
      parsed = ChangeNoticeSchema.safeParse(null);
    }
    if (!parsed.success) {
      app.log.warn({ payload }, "unreadable change notification");
      return;
    }
    hub.notice(parsed.data);
  };
  const unlisten = await database.listen(CHANGES_CHANNEL, {
    onPayload: handleNotice,
    onGap: () => {
      app.log.warn("change notifications may have been lost; telling every stream");
      hub.gap();
    },
  });
  app.decorate("changeHub", { subscribe: hub.subscribe, size: hub.size });
  app.addHook("preClose", async () => {
    hub.close();
    await unlisten();
  });
}
