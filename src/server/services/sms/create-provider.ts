import type { FastifyBaseLogger } from "fastify";
import { createHttpSmsProvider } from "./http-provider";
import { createLogSmsProvider } from "./log-provider";
import type { SmsConfig, SmsProvider } from "./provider";

export function createSmsProvider(config: SmsConfig, log: FastifyBaseLogger): SmsProvider {
  return config.provider === "http"
    ? createHttpSmsProvider(config.http, config.from)
    : createLogSmsProvider(log);
}
