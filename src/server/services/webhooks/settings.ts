import type { TargetPolicy } from "./target";

/** Webhook delivery settings (config.ts reads them from WEBHOOK_* variables). */
export interface WebhookSettings extends TargetPolicy {
  /** Run the delivery worker in this instance. */
  worker: boolean;
  /** One attempt's limit (10 s). */
  timeoutMs: number;
  /** How often the worker looks for due retries (new events wake it at once). */
  pollMs: number;
  /** Attempts in flight at once in this instance, and to one endpoint. */
  concurrency: number;
  perEndpoint: number;
  /** Back-off: the first retry after about `retryBaseMs`, doubling up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A delivery still failing this long after its event is given up (3 days). */
  giveUpAfterMs: number;
}
