import type { FastifyBaseLogger } from "fastify";
import type { SmsProvider } from "./provider";

/** The default: writes the message to the server log and reports it sent (development, demos). */
export function createLogSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: "log",
    async send({ to, body }) {
      log.info({ sms: { to, body } }, "SMS (log provider: written to the log, not sent)");
      return { ok: true };
    },
  };
}
