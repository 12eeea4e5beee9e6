import type { FastifyInstance } from "fastify";
import { createMailer, type Mailer } from "../services/mail/mailer";

declare module "fastify" {
  interface FastifyInstance {
    /** Outgoing mail (config.mail); `mailer.enabled` is false when no SMTP server is set. */
    mailer: Mailer;
  }
}

/** Gives the routes of a scope the mailer built from the configuration. */
export function registerMail(scope: FastifyInstance): void {
  scope.decorate("mailer", createMailer(scope.serverConfig.mail, scope.log));
}
