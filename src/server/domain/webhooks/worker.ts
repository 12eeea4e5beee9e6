import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database";
import { postDelivery } from "../../services/webhooks/sender";
import type { WebhookSettings } from "../../services/webhooks/settings";
import { signedHeaders } from "../../services/webhooks/signing";
import {
  type ClaimedDelivery,
  claimDeliveries,
  dueEndpoints,
  markAttemptFailed,
  markDelivered,
  pruneDeliveries,
} from "./delivery-repository";

/** Exponential back-off with jitter (half to all of the doubled delay); null: give up. */
export function nextAttemptAt(
  settings: WebhookSettings,
  attempts: number,
  createdAt: Date,
  now = new Date(),
  random = Math.random,
): Date | null {
  const delay = Math.min(
    settings.retryBaseMs * 2 ** Math.max(attempts - 1, 0),
    settings.retryMaxMs,
  );
  const at = new Date(now.getTime() + delay * (0.5 + random() / 2));
  return at.getTime() - createdAt.getTime() > settings.giveUpAfterMs ? null : at;
}

const PRUNE_EVERY_MS = 3_600_000;
const MAX_ENDPOINTS_A_PASS = 200;
const KEEP_DAYS = 30;

export interface WebhookWorker {
  /** Looks for due deliveries now (a NOTIFY or a test). */
  wake(): void;
  /** Resolves once nothing is due or in flight (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sends the outbox's deliveries. Any number of instances run one each: claims are row locks
 * (delivery-repository.ts), so each attempt is made by one worker. Attempts run concurrently
 * up to `concurrency`, at most `perEndpoint` to one endpoint (claims go endpoint by endpoint,
 * each up to its free share), so a hanging, failing or
 * redirecting receiver holds its own slots for at most `timeoutMs` and never the API.
 */
export function startWebhookWorker(
  db: Db,
  settings: WebhookSettings,
  log: FastifyBaseLogger,
): WebhookWorker {
  const leaseSeconds = Math.ceil(settings.timeoutMs / 1000) + 30;
  const flying = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let lastPrune = 0;

  const attempt = async (claimed: ClaimedDelivery) => {
    const body = JSON.stringify(claimed.payload);
    const headers = signedHeaders(claimed.secret, claimed.eventUid, body);
    const outcome = await postDelivery(claimed.url, body, headers, {
      policy: settings,
      timeoutMs: settings.timeoutMs,
    });
    if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
      await markDelivered(db, claimed, outcome);
      return;
    }
    const retryAt = nextAttemptAt(settings, claimed.attempts, claimed.createdAt);
    await markAttemptFailed(db, claimed, outcome, retryAt);
    if (!retryAt) log.warn({ delivery: claimed.id }, "webhook delivery given up after retries");
  };

  const launch = (claimed: ClaimedDelivery) => {
    flying.set(claimed.endpointId, (flying.get(claimed.endpointId) ?? 0) + 1);
    const running: Promise<void> = attempt(claimed)
      .catch((error: unknown) => log.error({ err: error }, "webhook delivery attempt failed"))
      .finally(() => {
        const left = (flying.get(claimed.endpointId) ?? 1) - 1;
        if (left <= 0) flying.delete(claimed.endpointId);
        else flying.set(claimed.endpointId, left);
        inFlight.delete(running);
        wake();
      });
    inFlight.add(running);
  };

  const pumpOnce = async () => {
    let claimedAny = true;
    while (!stopped && claimedAny && inFlight.size < settings.concurrency) {
      claimedAny = false;
      for (const endpointId of await dueEndpoints(db, MAX_ENDPOINTS_A_PASS)) {
        const free = settings.concurrency - inFlight.size;
        const room = settings.perEndpoint - (flying.get(endpointId) ?? 0);
        if (stopped || free <= 0) break;
        if (room <= 0) continue;
        const claimed = await claimDeliveries(db, endpointId, Math.min(free, room), leaseSeconds);
        for (const delivery of claimed) launch(delivery);
        if (claimed.length > 0) claimedAny = true;
      }
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneDeliveries(db, KEEP_DAYS);
    }
  };

  function wake(): void {
    if (stopped) return;
    if (pumping !== null) {
      again = true;
      return;
    }
    pumping = (async () => {
      do {
        again = false;
        try {
          await pumpOnce();
        } catch (error) {
          if (!stopped) log.error({ err: error }, "webhook worker could not claim deliveries");
        }
      } while (again && !stopped);
    })().finally(() => {
      pumping = null;
    });
  }

  const timer = setInterval(wake, settings.pollMs);
  timer.unref();
  wake();

  return {
    wake,
    async idle() {
      for (;;) {
        if (pumping !== null) await pumping;
        if (inFlight.size > 0) await Promise.all([...inFlight]);
        else if (pumping === null) return;
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (pumping !== null) await pumping;
      await Promise.all([...inFlight]);
    },
  };
}
