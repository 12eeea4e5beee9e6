import { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";

/** SMTP settings (config.ts reads them from SMTP_* and MAIL_FROM); null host: mail is off. */
export interface MailConfig {
  host: string | undefined;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
  /** Give up on a connection, greeting or socket after this many ms. */
  timeoutMs: number;
  /**
   * sendRetrying tries a refused message again after each of these delays (ms); default
   * DEFAULT_RETRY_DELAYS_MS (1 min, 5 min, 30 min).
   */
  retryDelaysMs?: readonly number[];
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000];

export interface MailAttachment {
  filename: string;
  content: Buffer | NodeJS.ReadableStream;
  contentType?: string;
}

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** False when no SMTP server is configured: send() then refuses (MailDisabledError). */
  readonly enabled: boolean;
  send(message: MailMessage): Promise<void>;
  /** The delays of sendRetrying's further attempts (ms). */
  readonly retryDelaysMs: readonly number[];
}

export class MailDisabledError extends Error {
  override name = "MailDisabledError";
  constructor() {
    super("mail is off: no SMTP_HOST configured");
  }
}

/** The SMTP server refused the message or could not be reached. */
export class MailSendError extends Error {
  override name = "MailSendError";
}

/** nodemailer takes a Buffer or a stream.Readable; any other Node stream is wrapped. */
function asNodeContent(content: Buffer | NodeJS.ReadableStream): Buffer | Readable {
  if (Buffer.isBuffer(content) || content instanceof Readable) return content;
  return new Readable().wrap(content);
}

const disabledMailer: Mailer = {
  enabled: false,
  retryDelaysMs: [],
  send: () => Promise.reject(new MailDisabledError()),
};

/**
 * The application's one way to send mail: nodemailer over SMTP, one pooled transport per
 * server. With no SMTP_HOST it is disabled and says so in the log once, at start.
 */
export function createMailer(config: MailConfig, log?: FastifyBaseLogger): Mailer {
  if (!config.host) {
    log?.info("mail is off: set SMTP_HOST (and SMTP_PORT, SMTP_USER, MAIL_FROM) to send mail");
    return disabledMailer;
  }
  const transport = createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    pool: true,
    maxConnections: 2,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
    ...(config.user ? { auth: { user: config.user, pass: config.password ?? "" } } : {}),
  });
  return {
    enabled: true,
    retryDelaysMs: config.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    async send(message) {
      if (message.to.length === 0) throw new MailSendError("a message needs a recipient");
      try {
        await transport.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          attachments: (message.attachments ?? []).map((attachment) => ({
            filename: attachment.filename,
            content: asNodeContent(attachment.content),
            ...(attachment.contentType ? { contentType: attachment.contentType } : {}),
          })),
        });
      } catch (error) {
        throw new MailSendError(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
    },
  };
}

/**
 * Sends a message whose sender does not wait for the outcome beyond the first attempt (a
 * carrier's booking mail): resolves with that attempt's outcome and, when the SMTP server
 * refused it or could not be reached, tries again in the background after each of the
 * mailer's retry delays until one attempt goes through (each failure logged; the last one as
 * given up). Attachments must be Buffers (a stream is read once). The retries live in this
 * process: a restart drops them.
 */
export async function sendRetrying(
  mailer: Mailer,
  message: MailMessage,
  log: FastifyBaseLogger,
  what: string,
): Promise<boolean> {
  if (!mailer.enabled) return false;
  const attempt = async (retry: number): Promise<boolean> => {
    try {
      await mailer.send(message);
      if (retry > 0) log.info({ retry }, `${what} sent on retry`);
      return true;
    } catch (error) {
      const delay = mailer.retryDelaysMs[retry];
      if (delay === undefined) {
        log.error({ err: error, retry }, `${what} not sent: given up`);
        return false;
      }
      log.warn({ err: error, retry, next_in_ms: delay }, `${what} not sent: trying again`);
      setTimeout(() => void attempt(retry + 1), delay).unref();
      return false;
    }
  };
  return attempt(0);
}
