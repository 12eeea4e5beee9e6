import type { FastifyInstance } from "fastify";
import { createSmsProvider } from "../services/sms/create-provider";
import type { SmsProvider } from "../services/sms/provider";

declare module "fastify" {
  interface FastifyInstance {
    /** The configured SMS provider (config.sms). */
    sms: SmsProvider;
  }
}

/** Gives the routes of a scope the SMS provider chosen by the configuration. */
export function registerSms(scope: FastifyInstance): void {
  scope.decorate("sms", createSmsProvider(scope.serverConfig.sms, scope.log));
}
