import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import {
  CHANGES_CHANNEL,
  type ChangeHub,
  ChangeNoticeSchema,
  type ChangeSubscriber,
} from "../domain/events/change-notice";

declare module "fastify" {
  interface FastifyInstance {
    changeHub: ChangeHub;
  }
}

/**
 * Fans the database's change notifications out to the live-events streams of this instance.
 * The statement triggers of migration 0004 NOTIFY `yardline_changes` at commit, whoever
 * wrote (any instance, a script, a seed); each instance holds one LISTEN (db/database.ts:
 * PGlite's own, or a dedicated PostgreSQL connection) and hands each notice to its
 * subscribers. On close the subscribers are told to end before the server stops, so open
 * streams never hold a graceful shutdown.
 */
export async function registerChangeHub(app: FastifyInstance, database: Database): Promise<void> {
  const subscribers = new Set<ChangeSubscriber>();
  const each = (call: (subscriber: ChangeSubscriber) => void) => {
    for (const subscriber of [...subscribers]) {
      try {
        call(subscriber);
      } catch (error) {
        app.log.warn({ err: error }, "a live-events subscriber failed");
      }
    }
  };
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
    const notice = parsed.data;
    each((subscriber) => subscriber.notice(notice));
  };
  const unlisten = await database.listen(CHANGES_CHANNEL, {
    onPayload: handleNotice,
    onGap: () => {
      app.log.warn("change notifications may have been lost; telling every stream");
      each((subscriber) => subscriber.gap());
    },
  });
  app.decorate("changeHub", {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    size: () => subscribers.size,
  });
  app.addHook("preClose", async () => {
    each((subscriber) => subscriber.close());
    subscribers.clear();
    await unlisten();
  });
}
