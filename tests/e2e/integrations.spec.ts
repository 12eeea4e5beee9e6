import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { DateTime } from "luxon";
import { apiAs } from "./api-as";
import { expect, test } from "./fixtures";
import { Dashboard } from "./page-models";

/**
 * Integrations (issue 28): an admin registers a webhook, sees its secret once, sees the
 * deliveries of a line created elsewhere and of a test ping in the log, and creates an API key
 * that another system then uses. The receiver is a real HTTP server of this test.
 */
test.use({ lang: "en" });
test.describe.configure({ timeout: 90_000 });

// Lines of BW Warehousing: the kiosk walls' company keeps exactly its demo lines.
const BW = "BW Warehousing";

async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: { type: string } }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/yardline-${Date.now().toString(36)}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const shot = (name: string) => `test-results/screenshots/integrations-${name}-1280.png`;

test("an admin adds a webhook and an API key and sees the deliveries", async ({
  page,
  request,
  loginAs,
  shell,
  checkA11y,
}) => {
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs("admin");
    await shell.switchCompany(BW);
    await new Dashboard(page).tile("Integrations").click();
    await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Add webhook" }).click();
    const form = page.getByRole("dialog", { name: "Add webhook" });
    await form.getByLabel("URL").fill(receiver.url);
    await form.getByLabel("Description").fill("ERP");
    await form.getByLabel("Line status changed").check();
    await form.getByRole("button", { name: "Save" }).click();

    const secret = page.getByRole("dialog", { name: "Signing secret" });
    await expect(secret.getByLabel("Value shown once")).toContainText(/^whsec_/);
    await page.screenshot({ path: shot("secret") });
    await secret.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("rowheader", { name: receiver.url })).toBeVisible();

    // Another system's change: a line created in the company is posted to the endpoint.
    const office = await apiAs(request, "office", BW);
    const created = await office.send("post", "/api/expedition", {
      code: `HOOK-${Date.now().toString(36).toUpperCase()}`,
      booked_date: DateTime.fromISO("2031-06-01T09:00").toISO(),
      client: await office.clientId("BW STORAGE"),
    });
    expect(created.status, created.body).toBe(201);
    await expect
      .poll(() => receiver.received.map((entry) => entry.body.type))
      .toContain("shipment.created");

    await page.getByRole("button", { name: `Deliveries of ${receiver.url}` }).click();
    const log = page.getByRole("dialog", { name: `Deliveries of ${receiver.url}` });
    await expect(log.getByRole("row", { name: /Line created/ })).toContainText("Delivered");
    await log.getByRole("button", { name: "Send test ping" }).click();
    await expect
      .poll(() => receiver.received.map((entry) => entry.body.type))
      .toContain("webhook.ping");
    await expect(log.getByRole("row", { name: /Test ping/ })).toContainText("Delivered", {
      timeout: 10_000,
    });
    await page.screenshot({ path: shot("deliveries") });
    await checkA11y();
    await log.getByRole("button", { name: "Close" }).last().click();

    await page.getByRole("button", { name: "Create API key" }).click();
    const keyForm = page.getByRole("dialog", { name: "Create API key" });
    await keyForm.getByLabel("Name").fill("ERP import");
    await keyForm.getByLabel("Role").selectOption({ label: "Office" });
    await keyForm.getByRole("button", { name: "Save" }).click();
    const shown = page.getByRole("dialog", { name: "API key ERP import" });
    const key = (await shown.getByLabel("Value shown once").textContent()) ?? "";
    expect(key).toMatch(/^yl_/);
    await shown.getByRole("button", { name: "Done" }).click();

    // The other system calls the API with the key; the list then shows its last use.
    const called = await request.get("/api/expedition", {
      headers: { Authorization: `Api-Key ${key}` },
    });
    expect(called.status()).toBe(200);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(key);
    await page.reload();
    const keyRow = page.getByRole("row", { name: /ERP import/ });
    await expect(keyRow).toContainText("Office");
    await expect(keyRow).not.toContainText("Never");
    await page.screenshot({ path: shot("page"), fullPage: true });
    await checkA11y();
  } finally {
    await receiver.close();
  }
});
