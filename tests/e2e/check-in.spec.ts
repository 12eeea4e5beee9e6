import { mkdirSync } from "node:fs";
import { apiAs } from "./api-as";
import {
  bookToday,
  CheckInTerminal,
  lineOnServer,
  mirrorHolds,
  todayLines,
} from "./check-in-page-model";
import { expect, startOnOneYardDay, test } from "./fixtures";
import { expectServiceWorkerControl, serviceWorkerReady } from "./offline-sync-page-model";

/**
 * The check-in terminal (issue 15): truck access checks trucks in at the terminal, online (the
 * dock modal closes by itself after 60 s on a controlled clock; check-out stamps the departure)
 * and offline (three check-ins reach the server once each when the network returns; one the
 * server refuses, the line having got another truck meanwhile, shows on the terminal).
 * Lines are made for each test through the API (codes of their own).
 */
test.describe.configure({ mode: "parallel", timeout: 60_000 });
test.use({ lang: "en", viewport: { width: 1024, height: 768 }, hasTouch: true });
// Each journey books lines of today and checks a truck in to them, which only today's lines
// take: none may start in the yard's last minute and check in on the next day.
test.beforeEach(() => startOnOneYardDay());

const SHOTS = "test-results/screenshots";
mkdirSync(SHOTS, { recursive: true });

test("truck access checks a truck in by reference, sees the dock, then checks it out", async ({
  page,
  request,
  checkA11y,
}) => {
  await page.clock.install();
  const terminal = new CheckInTerminal(page);
  const [{ office, lines }] = await Promise.all([
    todayLines(request, 1, "GATE"),
    terminal.openAs("truckaccess"),
  ]);
  const line = lines[0] as { id: number; code: string; dock: string };
  await terminal.validate("Load", line.code.toLowerCase());
  await expect(page.getByRole("button", { name: new RegExp(line.code) })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/check-in-terminal-1024x768-line.png` });
  await checkA11y();

  const plate = `GT${Date.now().toString(36).slice(-6).toUpperCase()}`;
  await terminal.checkInNew(plate, "Ana Driver", "+34 612 345 678");
  console.log(
    `check-in online: press to dock modal ${(await terminal.pressToModalMs()).toFixed(1)} ms`,
  );
  await expect(terminal.dialog.getByTestId("dock-warehouse")).toHaveText("W3");
  await expect(terminal.dialog.getByTestId("dock-dock")).toHaveText(line.dock);
  await expect(terminal.dialog.getByText("Truck registered")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/check-in-terminal-1024x768-dock.png` });
  await checkA11y();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: `${SHOTS}/check-in-terminal-1280x720-dock.png` });

  // The modal closes by itself after 60 s.
  // (Real time also runs on the installed clock: the screenshots above took a few seconds.)
  await page.clock.runFor(50_000);
  await expect(terminal.dialog).toBeVisible();
  await page.clock.runFor(11_000);
  await expect(terminal.dialog).toBeHidden();

  await expect.poll(async () => (await lineOnServer(office, line.id)).plate).toBe(plate);
  expect((await lineOnServer(office, line.id)).arrival).not.toBeNull();

  // Departure by plate at the same terminal.
  await page.getByRole("radio", { name: "Departure" }).click();
  await expect
    .poll(async () => {
      const trucks = await office.get<{
        results: { plate: string; register_date: string | null }[];
      }>("/api/shipper", { plate });
      return trucks.results[0]?.register_date ?? null;
    })
    .not.toBeNull();
  await terminal.plate.fill(plate);
  await page.getByRole("button", { name: "Check out", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Departure registered" })).toContainText(
    plate,
  );
  // Confirmed under the form: nothing covers the choice of arrival or departure.
  await page.getByRole("radio", { name: "Departure" }).click({ trial: true });
  await page.getByRole("radio", { name: "Arrival" }).click({ trial: true });
  await expect
    .poll(async () => {
      const trucks = await office.get<{ results: { expedition_date: string | null }[] }>(
        "/api/shipper",
        { plate },
      );
      return trucks.results[0]?.expedition_date ?? null;
    })
    .not.toBeNull();
});

test("the terminal offers the line's registered trucks; a press fills the plate and checks it in", async ({
  page,
  request,
  checkA11y,
}) => {
  const terminal = new CheckInTerminal(page);
  const [{ office, lines }] = await Promise.all([
    todayLines(request, 1, "GKNOWN", "reception"),
    terminal.openAs("truckaccess"),
  ]);
  const line = lines[0] as { id: number; code: string; dock: string };
  const plate = `KN${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const signed = await office.send("post", "/api/shipper", { plate, name: "Known Carrier" });
  expect(signed.status, signed.body).toBe(201);

  await terminal.validate("Download", line.code);
  // The server's answer for this line and the typed plate (not the terminal's mirror).
  const offered = page.waitForResponse(
    (response) =>
      response.url().includes(`/api/shipper/available?line=${line.id}`) &&
      response.url().includes(`plate=${plate.slice(0, 6)}`),
  );
  await terminal.plate.fill(plate.slice(0, 6));
  expect((await offered).status()).toBe(200);
  const offer = page.getByRole("button", { name: `${plate} KNOWN CARRIER` });
  await expect(offer).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/check-in-terminal-1024x768-known-trucks.png` });
  await checkA11y();
  await offer.click();
  await expect(terminal.plate).toHaveValue(plate);
  await expect(offer).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Registered truck: KNOWN CARRIER")).toBeVisible();
  await expect(page.getByLabel("Driver name")).toBeHidden();
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(terminal.dialog).toBeVisible();
  await terminal.closeModal();
  await expect
    .poll(async () => (await lineOnServer(office, line.id, "reception")).plate)
    .toBe(plate);

  // The registered truck went in, not a copy of it.
  const onLine = await office.get<{ results: { plate: string }[] }>("/api/shipper", { plate });
  expect(onLine.results).toHaveLength(1);
});

test.describe("offline", () => {
  // Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
  test.use({ serviceWorkers: "allow" });

  test("three check-ins made offline reach the server once each; a refused one shows on the terminal", async ({
    page,
    context,
    request,
  }) => {
    const terminal = new CheckInTerminal(page);
    const [{ office, lines: all }] = await Promise.all([
      todayLines(request, 5, "GOFF"),
      terminal.openAs("truckaccess"),
    ]);
    const first = all[0] as { id: number; code: string; dock: string };
    const lines = all.slice(1);
    const codes = lines.map((line) => line.code);
    await serviceWorkerReady(page);
    await page.reload();
    await expect(terminal.heading).toBeVisible();
    await expectServiceWorkerControl(page);
    await expect.poll(() => mirrorHolds(page, codes), { timeout: 15_000 }).toBe(true);

    const sent = new Map<string, number>();
    page.on("response", (response) => {
      const request = response.request();
      if (request.method() !== "PUT" || !request.url().includes("/api/check-in/uid/")) return;
      const key = request.headers()["idempotency-key"] ?? request.url();
      sent.set(key, (sent.get(key) ?? 0) + 1);
    });

    // One check-in with the network first: the same path, timed without a controlled clock.
    await terminal.validate("Load", first.code);
    await terminal.checkInNew(
      `ON${Date.now().toString(36).slice(-6).toUpperCase()}`,
      "Online",
      "+34 612 345 678",
    );
    console.log(
      `check-in online: press to dock modal ${(await terminal.pressToModalMs()).toFixed(1)} ms`,
    );
    await terminal.closeModal();
    await expect.poll(async () => (await lineOnServer(office, first.id)).arrival).not.toBeNull();

    await context.setOffline(true);
    const stamp = Date.now().toString(36).slice(-5).toUpperCase();
    const plates = lines.map((_, index) => `OF${stamp}${index}`);
    for (const [index, line] of lines.entries()) {
      await terminal.validate("Load", line.code);
      await expect(page.getByText("Offline: checked against today's lines")).toBeVisible();
      await terminal.checkInNew(plates[index] as string, `Driver ${index}`, "+34 612 345 678");
      console.log(
        `check-in offline: press to dock modal ${(await terminal.pressToModalMs()).toFixed(1)} ms`,
      );
      await expect(terminal.dialog.getByTestId("dock-dock")).toHaveText(line.dock);
      await expect(terminal.dialog.getByText("Saved on this terminal")).toBeVisible();
      if (index === 0)
        await page.screenshot({ path: `${SHOTS}/check-in-terminal-offline-1024x768.png` });
      await terminal.closeModal();
    }
    // Meanwhile the last line gets another truck at the office.
    const refused = lines[3] as { id: number; code: string };
    const trucks = await office.get<{ results: { id: number }[] }>("/api/shipper");
    const other = trucks.results[0]?.id;
    const assigned = await office.send("patch", `/api/expedition/${refused.id}`, {
      shipper: other,
    });
    expect(assigned.status, assigned.body).toBe(200);
    for (const line of lines) expect((await lineOnServer(office, line.id)).arrival).toBeNull();

    // The first of them leaves before the network is back: checked out at this terminal, queued
    // behind its check-in.
    await page.getByRole("radio", { name: "Departure" }).click();
    await terminal.plate.fill(plates[0] as string);
    await page.getByRole("button", { name: "Check out", exact: true }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Departure registered" }),
    ).toContainText("Saved on this device: it is sent right after the truck's check-in");
    await page.getByRole("radio", { name: "Departure" }).click({ trial: true });
    await page.screenshot({ path: `${SHOTS}/check-in-terminal-offline-check-out-1024x768.png` });
    await page.getByRole("radio", { name: "Arrival" }).click();

    await context.setOffline(false);
    for (const [index, line] of lines.slice(0, 3).entries()) {
      await expect
        .poll(async () => (await lineOnServer(office, line.id)).plate)
        .toBe(plates[index]);
    }
    await expect
      .poll(async () => {
        const trucks = await office.get<{ results: { expedition_date: string | null }[] }>(
          "/api/shipper",
          { plate: plates[0] as string },
        );
        return trucks.results[0]?.expedition_date ?? null;
      })
      .not.toBeNull();
    const issues = page.getByRole("region", { name: "Not accepted by the server" });
    await expect(issues).toBeVisible();
    await expect(issues).toContainText(`Check-in of ${plates[3]} for ${refused.code}`);
    await expect(issues).toContainText("Another truck was checked in to this line first");
    await page.screenshot({ path: `${SHOTS}/check-in-terminal-refused-1024x768.png` });

    // Each check-in answered once (the online one and the refused one too); each line has one
    // check-in entry.
    expect([...sent.values()]).toEqual([1, 1, 1, 1, 1]);
    for (const line of lines.slice(0, 3)) {
      const history = await office.get<{ results: { modified_fields: Record<string, unknown> }[] }>(
        "/api/historic",
        { shipment: line.id },
      );
      expect(
        history.results.filter((entry) => "arrival_date" in entry.modified_fields),
      ).toHaveLength(1);
    }
  });
});

test.describe("self check-in", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true });

  test("a driver checks in from a phone on the public page; the SMS is in the log", async ({
    page,
    request,
    checkA11y,
  }) => {
    const { office, lines } = await todayLines(request, 1, "GSELF");
    const line = lines[0] as { id: number; code: string; dock: string };
    const created = await office.send("post", "/api/check-in/page");
    expect(created.status, created.body).toBe(201);
    const { token } = JSON.parse(created.body) as { token: string };

    await page.goto(`/check-in/${token}`);
    await expect(page.getByRole("heading", { name: "Truck check-in" })).toBeVisible();
    const plate = `PH${Date.now().toString(36).slice(-6).toUpperCase()}`;
    await page.getByLabel("Delivery note").fill(line.code);
    await page.getByLabel("Plate").fill(plate);
    await page.getByLabel("Driver name").fill("Phone Driver");
    await page.getByLabel("Phone").fill("+34 622 333 444");
    await page.screenshot({ path: `${SHOTS}/self-check-in-390x844-form.png` });
    await checkA11y();
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    const dock = page.getByRole("region", { name: "Go to the dock" });
    await expect(dock).toContainText(line.dock);
    await expect(dock).toContainText("W3");
    await expect(dock).toContainText("You will receive a text message with instructions shortly.");
    await page.screenshot({ path: `${SHOTS}/self-check-in-390x844-dock.png` });

    const trucks = await office.get<{ results: { id: number }[] }>("/api/shipper", { plate });
    const sms = await office.get<{ results: { to: string; body: string }[] }>("/api/sms", {
      shipper: trucks.results[0]?.id ?? 0,
    });
    expect(sms.results).toHaveLength(1);
    expect(sms.results[0]?.to).toBe("+34622333444");
    expect(sms.results[0]?.body).toContain(`dock ${line.dock}`);

    // In Spanish, Portuguese and Mexican Spanish the same page reads so (issue 15).
    await page.getByRole("button", { name: "ES", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Vaya al andén" })).toBeVisible();
    await page.getByRole("button", { name: "PT", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Dirija-se à doca" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
    await page.getByRole("button", { name: "MX", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Vaya al andén" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("mx");
  });

  test("a line without a dock sends the driver to its warehouse; a phone without its code is the yard's", async ({
    page,
    request,
  }) => {
    const office = await apiAs(request, "office", "Yardline Demo");
    const line = { code: `GNODOCK-${Date.now().toString(36).toUpperCase()}` };
    const clients = await office.get<{ results: { id: number }[] }>("/api/client");
    // An hour of today the dock takes (at 23:00 or 05:00 the current hour is closed).
    await bookToday(office, "reception", {
      code: line.code,
      client: clients.results[0]?.id ?? null,
      warehouse: "W3",
      dock: "",
    });
    const created = await office.send("post", "/api/check-in/page");
    const { token } = JSON.parse(created.body) as { token: string };
    await page.goto(`/check-in/${token}`);
    await page.getByRole("button", { name: "ES", exact: true }).click();
    await page.getByLabel("Albarán").fill(line.code);
    await page.getByLabel("Matrícula").fill(`ND${Date.now().toString(36).slice(-6).toUpperCase()}`);
    await page.getByLabel("Nombre del conductor").fill("Sin Andén");
    await page.getByLabel("Teléfono").fill("600111222");
    await page.getByRole("button", { name: "Registrar entrada", exact: true }).click();
    const where = page.getByRole("region", { name: "Adónde ir" });
    await expect(where).toContainText("vaya al almacén W3");
    await expect(where).not.toContainText("--");
    await page.screenshot({ path: `${SHOTS}/self-check-in-390x844-no-dock-es.png` });
  });
});
