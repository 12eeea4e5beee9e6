import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/smtp-server";
import { createMailer, MailDisabledError, MailSendError } from "./mailer";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

describe("mailer", () => {
  it("is off without an SMTP host and refuses to send", async () => {
    const mailer = createMailer({ ...smtp.mailConfig, host: undefined });
    expect(mailer.enabled).toBe(false);
    await expect(mailer.send({ to: ["a@b.co"], subject: "x", text: "y" })).rejects.toBeInstanceOf(
      MailDisabledError,
    );
  });

  it("delivers text, html, reply-to and buffer and stream attachments over SMTP", async () => {
    const mailer = createMailer(smtp.mailConfig);
    expect(mailer.enabled).toBe(true);
    const before = smtp.received.length;
    await mailer.send({
      to: ["one@example.com", "two@example.com"],
      subject: "Documents ñ",
      text: "Plain body",
      html: "<p>Html body</p>",
      replyTo: "office@example.com",
      attachments: [
        { filename: "a.txt", content: Buffer.from("hello"), contentType: "text/plain" },
        { filename: "b.bin", content: Readable.from([Buffer.from([1, 2, 3])]) },
      ],
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelopeTo.sort()).toEqual(["one@example.com", "two@example.com"]);
    expect(mail?.parsed.subject).toBe("Documents ñ");
    expect(mail?.parsed.text?.trim()).toBe("Plain body");
    expect(mail?.parsed.html).toContain("Html body");
    expect(mail?.parsed.replyTo?.text).toBe("office@example.com");
    expect(mail?.parsed.from?.text).toContain("yardline@test.local");
    const files = mail?.parsed.attachments.map((a) => [a.filename, a.content.toString("hex")]);
    expect(files).toEqual([
      ["a.txt", Buffer.from("hello").toString("hex")],
      ["b.bin", "010203"],
    ]);
  });

  it("reports an unreachable server as a MailSendError", async () => {
    const mailer = createMailer({ ...smtp.mailConfig, port: 1, timeoutMs: 2000 });
    await expect(mailer.send({ to: ["a@b.co"], subject: "x", text: "y" })).rejects.toBeInstanceOf(
      MailSendError,
    );
  });
});

describe("mail configuration", () => {
  it("reads SMTP_* and MAIL_FROM; no SMTP_HOST means mail is off", async () => {
    const { loadConfig } = await import("../../config");
    expect(loadConfig({}).mail.host).toBeUndefined();
    const mail = loadConfig({
      SMTP_HOST: "smtp.example.com",
      SMTP_PORT: "465",
      SMTP_SECURE: "true",
      SMTP_USER: "u",
      SMTP_PASSWORD: "p",
      MAIL_FROM: "Dock <dock@example.com>",
    }).mail;
    expect(mail).toMatchObject({
      host: "smtp.example.com",
      port: 465,
      secure: true,
      user: "u",
      password: "p",
      from: "Dock <dock@example.com>",
    });
  });
});
