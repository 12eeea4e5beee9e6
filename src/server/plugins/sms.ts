import type { FastifyInstance } from "fastify";
import type { AppMetrics } from "../services/metrics/app-metrics";
import { createSmsProvider } from "../services/sms/create-provider";
import type { SmsProvider } from "../services/sms/provider";

declare module "fastify" {
  interface FastifyInstance {
    /** The configured SMS provider (config.sms). */
    sms: SmsProvider;
  }
}

/** Counts each send by result in the app's metrics (yardline_sms_messages_total). */
function counted(provider: SmsProvider, metrics: AppMetrics): SmsProvider {
  return {
    name: provider.name,
    async send(message) {
      try {
        const result = await provider.send(message);
        metrics.sms.inc({ result: result.ok ? "sent" : "failed" });
        return result;
      } catch (error) {
        metrics.sms.inc({ result: "failed" });
        throw error;
      }
    },
  };
}

/** Gives the routes of a scope the SMS provider chosen by the configuration. */
export function registerSms(scope: FastifyInstance): void {
  const provider = createSmsProvider(scope.serverConfig.sms, scope.log);
  scope.decorate("sms", counted(provider, scope.metrics));
}
