import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { MailConfig } from "../services/mail/mailer";

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), as the server heard them. */
  envelopeTo: string[];
  envelopeFrom: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  /** Settings for ServerConfig.mail that send to this server. */
  mailConfig: MailConfig;
  received: ReceivedMail[];
  /** The next `count` messages are refused with a temporary failure (451), as a busy server does. */
  refuseNext(count: number): void;
  /** How many messages were refused so far. */
  readonly refused: number;
  /** Resolves once `count` messages have arrived (rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps every message it receives, parsed
 * with mailparser (attachments included), so tests read back what the mailer really sent.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let toRefuse = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      if (toRefuse > 0) {
        toRefuse -= 1;
        refused += 1;
        stream.resume();
        stream.on("end", () =>
          callback(
            Object.assign(new Error("Try again later"), { responseCode: 451 }) as Error & {
              responseCode: number;
            },
          ),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((address) => address.address),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            parsed,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;

  const waitFor = (count: number, timeoutMs = 10_000) =>
    new Promise<ReceivedMail[]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`expected ${count} mails, got ${received.length}`)),
        timeoutMs,
      );
      const check = () => {
        if (received.length >= count) {
          clearTimeout(timer);
          resolve(received);
        } else waiters.push(check);
      };
      check();
    });

  return {
    port,
    mailConfig: {
      host: "127.0.0.1",
      port,
      secure: false,
      user: undefined,
      password: undefined,
      from: "Yardline Test <yardline@test.local>",
      timeoutMs: 5000,
      // Retries within a test's time (sendRetrying).
      retryDelaysMs: [50, 100],
    },
    received,
    refuseNext: (count) => {
      toRefuse = count;
    },
    get refused() {
      return refused;
    },
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
