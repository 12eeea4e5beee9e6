import type { FastifyInstance } from "fastify";
import { createMailer, MailDisabledError, type Mailer } from "../services/mail/mailer";
import type { AppMetrics } from "../services/metrics/app-metrics";

declare module "fastify" {
  interface FastifyInstance {
    /** Outgoing mail (config.mail); `mailer.enabled` is false when no SMTP server is set. */
    mailer: Mailer;
  }
}

/** Counts each message by result in the app's metrics (yardline_mail_messages_total). */
function counted(mailer: Mailer, metrics: AppMetrics): Mailer {
  return {
    enabled: mailer.enabled,
    retryDelaysMs: mailer.retryDelaysMs,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        // Mail switched off sends nothing: not a failed message.
        if (!(error instanceof MailDisabledError)) metrics.mail.inc({ result: "failed" });
        throw error;
      }
      metrics.mail.inc({ result: "sent" });
    },
  };
}

/** Gives the routes of a scope the mailer built from the configuration. */
export function registerMail(scope: FastifyInstance): void {
  const mailer = createMailer(scope.serverConfig.mail, scope.log);
  scope.decorate("mailer", counted(mailer, scope.metrics));
}
