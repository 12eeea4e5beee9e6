import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ContactInput, ContactReceived } from "../../../shared/contract/contact";
import {
  type ContactValues,
  insertContact,
  markMailed,
  recentFrom,
} from "../../domain/contact/repository";
import { errors } from "../../errors";
import { errorResponses } from "../../http/responses";
import { registerMail } from "../../plugins/mail";
import { textsFor } from "../../texts";

const RECEIVED = { received: true } as const;

const words = textsFor("en").contactMail;

/** Plain-text mail of a request, for whoever answers the contact address (in English). */
function mailText(input: Omit<ContactValues, "address">): string {
  return [
    `${words.name}: ${input.name}`,
    `${words.email}: ${input.email}`,
    `${words.phone}: ${input.phone || "-"}`,
    `${words.company}: ${input.company}`,
    `${words.product}: ${input.product}`,
    `${words.language}: ${input.language}`,
    "",
    input.comments || words.noComments,
  ].join("\n");
}

/**
 * POST api/contact: the public contact form (no token). Stored, then mailed to
 * CONTACT_MAIL_TO when SMTP is configured; a mail failure is logged, the request stays stored.
 * CONTACT_MAX_PER_HOUR requests per client address an hour (429 after that). A filled honeypot
 * or a form sent faster than CONTACT_MIN_FILL_SECONDS is answered the same and dropped.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMail(app);
  const { contact } = app.serverConfig;

  app.post("/contact", {
    schema: {
      tags: ["contact"],
      summary: "Send the public contact form",
      description:
        "No token. name, email and company are mandatory; accept_terms must be true. product " +
        "is 'fim'; language en or es (en_bw, es_bw). Answers 201 {received: true}; 429 " +
        "rate_limited after CONTACT_MAX_PER_HOUR requests from one address in an hour.",
      body: ContactInput,
      response: { 201: ContactReceived, ...errorResponses(400, 413, 415, 429) },
    },
    handler: async (request, reply) => {
      const { accept_terms: _terms, website, elapsed_ms: elapsed, ...input } = request.body;
      reply.code(201);
      const tooFast = elapsed === undefined || elapsed < contact.minFillMs;
      if (website.trim() !== "" || tooFast) {
        request.log.info({ honeypot: website !== "", elapsed }, "contact form dropped as a bot");
        return RECEIVED;
      }
      const address = request.ip;
      if (contact.maxPerHour > 0 && (await recentFrom(app.db, address)) >= contact.maxPerHour) {
        throw errors.rateLimited(3600);
      }
      const id = await insertContact(app.db, { ...input, address });
      if (app.mailer.enabled && contact.mailTo.length > 0) {
        try {
          await app.mailer.send({
            to: contact.mailTo,
            subject: words.subject(input.product, input.company),
            text: mailText(input),
            replyTo: input.email,
          });
          await markMailed(app.db, id);
        } catch (error) {
          request.log.error({ err: error, contact: id }, "contact request not mailed");
        }
      }
      return RECEIVED;
    },
  });
};
