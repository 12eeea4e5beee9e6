import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CHANGE_ENTITIES } from "../../shared/change-cursor";
import type { Database } from "../db/database";

/**
 * Fans the database's change notifications out to the live-events streams of this instance.
 * The statement triggers of migration 0004 NOTIFY `yardline_changes` at commit, whoever
 * wrote (any instance, a script, a seed); each instance holds one LISTEN (db/database.ts:
 * PGlite's own, or a dedicated PostgreSQL connection) and hands each notice to its
 * subscribers. On close the subscribers are told to end before the server stops, so open
 * streams never hold a graceful shutdown.
 */
export const CHANGES_CHANNEL = "yardline_changes";

const IdList = z.array(z.number().int()).nullable();

const Notice = z.object({
  company: z.number().int(),
  entity: z.enum(CHANGE_ENTITIES),
  /** null: too many to list. */
  ids: IdList,
  /** Shipments: clients of the changed lines (null: too many to list). */
  clients: IdList.optional(),
  /** Shipments: their types. */
  types: z.array(z.number().int()).optional(),
});
export type ChangeNotice = z.infer<typeof Notice>;

export interface ChangeSubscriber {
  notice(notice: ChangeNotice): void;
  /** Notifications may have been lost (the LISTEN connection dropped and came back). */
  gap(): void;
  /** The server is closing. */
  close(): void;
}

export interface ChangeHub {
  subscribe(subscriber: ChangeSubscriber): () => void;
}

declare module "fastify" {
  interface FastifyInstance {
    changeHub: ChangeHub;
  }
}

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
    let parsed: ReturnType<typeof Notice.safeParse>;
    try {
      parsed = Notice.safeParse(JSON.parse(payload));
    } catch {
      parsed = Notice.safeParse(null);
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
  });
  app.addHook("preClose", async () => {
    each((subscriber) => subscriber.close());
    subscribers.clear();
    await unlisten();
  });
}
