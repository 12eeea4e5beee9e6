import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../../shared/contract/errors";
import { contactRequests } from "../../db/schema/contact";
import { createTestApp, type TestApp, testConfig } from "../../test/harness";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/smtp-server";

/** POST api/contact: stored, mailed through a real local SMTP server, rate limit, bots. */

let t: TestApp;
let smtp: TestSmtpServer;

const FORM = {
  name: "Marta Ruiz",
  email: "marta@logistica.example",
  phone: "+34 600 000 000",
  company: "Logística Ruiz",
  comments: "We run 3 docks and 40 trucks a day.",
  product: "fim",
  language: "es",
  accept_terms: true,
  website: "",
  elapsed_ms: 20_000,
};

function send(body: object, ip = "203.0.113.7") {
  return t.app.inject({ method: "POST", url: "/api/contact", payload: body, remoteAddress: ip });
}

async function stored() {
  return t.app.db.select().from(contactRequests);
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const base = testConfig();
  t = await createTestApp({
    config: {
      mail: smtp.mailConfig,
      contact: { ...base.contact, mailTo: ["sales@yardline.test"], maxPerHour: 3, minFillMs: 3000 },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("api/contact", () => {
  it("stores the request without a token and mails it with product and language", async () => {
    const response = await send(FORM);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ received: true });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(["sales@yardline.test"]);
    expect(mail?.parsed.subject).toBe("Contact request (fim): Logística Ruiz");
    expect(mail?.parsed.replyTo?.text).toContain("marta@logistica.example");
    expect(mail?.parsed.text).toContain("Language: es");
    expect(mail?.parsed.text).toContain("We run 3 docks and 40 trucks a day.");
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Marta Ruiz",
      company: "Logística Ruiz",
      product: "fim",
      language: "es",
      address: "203.0.113.7",
    });
    expect(rows[0]?.mailedAt).toBeInstanceOf(Date);
  });

  it("needs name, email, company and the terms; phone and comments are optional", async () => {
    const response = await send(
      { name: " ", email: "", company: "", elapsed_ms: 20_000 },
      "198.51.100.1",
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().fields ?? {}).sort()).toEqual([
      "accept_terms",
      "company",
      "email",
      "name",
    ]);
    const minimal = await send(
      { name: "A", email: "not checked", company: "C", accept_terms: true, elapsed_ms: 5000 },
      "198.51.100.1",
    );
    expect(minimal.statusCode, minimal.body).toBe(201);
  });

  it("answers a filled honeypot or a too-fast form as usual, and keeps nothing", async () => {
    const before = (await stored()).length;
    expect((await send({ ...FORM, website: "http://spam.example" }, "192.0.2.50")).statusCode).toBe(
      201,
    );
    expect((await send({ ...FORM, elapsed_ms: 800 }, "192.0.2.51")).statusCode).toBe(201);
    const { elapsed_ms: _omitted, ...withoutTime } = FORM;
    expect((await send(withoutTime, "192.0.2.52")).statusCode).toBe(201);
    expect(await stored()).toHaveLength(before);
  });

  it("limits requests per address and hour", async () => {
    for (let index = 0; index < 3; index += 1) {
      expect((await send(FORM, "192.0.2.99")).statusCode).toBe(201);
    }
    const limited = await send(FORM, "192.0.2.99");
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>().code).toBe("rate_limited");
    expect(limited.headers["retry-after"]).toBe("3600");
    // Another address is not held back.
    expect((await send(FORM, "192.0.2.100")).statusCode).toBe(201);
  });
});
