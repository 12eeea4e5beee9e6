import { mkdirSync } from "node:fs";
import { DateTime } from "luxon";
import { apiAs } from "./api-as";
import { DEMO_PASSWORD } from "./demo-users";
import { mailsTo } from "./e2e-mail";
import { expect, test } from "./fixtures";
import { LoginPage, PAGE_LOAD_TIMEOUT } from "./page-models";
import { ShipmentsListPage } from "./shipments-page-model";

/**
 * Carriers book their own dock slots (issue 29): on a 390x844 phone in Spanish a carrier books
 * an unloading hour for a planned reception, gets the mail, moves the booking from its private
 * page and cancels it; in between the office sees the booking on the day board.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const SHOTS = "test-results/screenshots";
mkdirSync(SHOTS, { recursive: true });

/** The booking form refuses a form sent back sooner than this (CARRIER_BOOKING_MIN_FILL_MS). */
const MIN_FILL_MS = 3000;

test("a carrier books, moves and cancels on a phone in Spanish; the office sees it on the board", async ({
  page,
  request,
  browser,
  checkA11y,
}) => {
  test.setTimeout(90_000);
  const admin = await apiAs(request, "admin", "Yardline Demo");
  const office = await apiAs(request, "office", "Yardline Demo");
  const rules = await admin.send("put", "/api/carrier-booking/settings", {
    load: false,
    unload: true,
    lead_minutes: 120,
    horizon_days: 30,
    cutoff_hours: 24,
    reference_mode: "match",
  });
  expect(rules.status, rules.body).toBe(200);
  const created = await admin.send("post", "/api/carrier-booking/page");
  const { token } = JSON.parse(created.body) as { token: string };
  // A reception the office planned, on a day away from the other journeys' lines (the yard's clock).
  const day = DateTime.local().plus({ days: 6 }).toISODate() ?? "";
  const code = `PO-E2E-${Date.now().toString(36).toUpperCase()}`;
  const clients = await office.get<{ results: { id: number }[] }>("/api/client");
  const planned = await office.send("post", "/api/reception", {
    code,
    client: clients.results[0]?.id ?? null,
    booked_date: DateTime.fromISO(`${day}T07:00`).toISO(),
    warehouse: "W1",
    dock: "D5",
  });
  expect(planned.status, planned.body).toBe(201);
  const lineId = (JSON.parse(planned.body) as { id: number }).id;
  const email = `carrier-${Date.now().toString(36)}@example.com`;

  // The carrier books on the phone, in Spanish.
  await page.goto(`/carrier-booking/${token}`);
  await page.getByRole("button", { name: "ES", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Reservar hora de muelle" })).toBeVisible();
  // The form's stamp was issued before its heading showed: the time from here on is the least
  // the server counts.
  const formShown = Date.now();
  await page.getByLabel("Día").fill(day);
  const hours = page.getByRole("group", { name: "Horas libres" });
  await hours.getByRole("button", { name: "10:00" }).click();
  await page.getByLabel("Albarán o pedido de compra").fill(code);
  await page.getByLabel("Transportista", { exact: true }).fill("Transportes Rápidos SL");
  await page.getByLabel("Matrícula").fill("1234 KLM");
  await page.getByLabel("Teléfono del conductor").fill("+34 611 222 333");
  await page.getByLabel("Correo electrónico para la confirmación").fill(email);
  await page.screenshot({ path: `${SHOTS}/carrier-booking-390x844-form-es.png`, fullPage: true });
  await checkA11y();
  // Only what is left of the least fill time (filling, the screenshot and axe took the rest).
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - formShown)));
  await page.getByRole("button", { name: "Reservar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Reservada" })).toBeVisible();
  await expect(
    page.getByText(`Hemos enviado la reserva y una invitación de calendario a ${email}.`),
  ).toBeVisible();
  await expect(page.getByText("10:00")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/carrier-booking-390x844-booked-es.png`, fullPage: true });
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
  const [mail] = await mailsTo(email);
  expect(mail?.subject).toContain("Reserva de muelle");
  expect(mail?.attachments.map((file) => file.filename)).toContain("booking.ics");

  // The private page (the mail's link) moves the booking to 12:00.
  await page.getByRole("link", { name: "Cambiar o cancelar esta reserva" }).click();
  await expect(page.getByRole("heading", { name: "Su reserva de muelle" })).toBeVisible();
  await page.getByRole("button", { name: "Cambiar a otra hora" }).click();
  await page
    .getByRole("group", { name: "Horas libres" })
    .getByRole("button", { name: "12:00" })
    .click();
  await page.getByRole("button", { name: "Cambiar la reserva" }).click();
  await expect(page.getByRole("status")).toContainText("La reserva ha cambiado");
  await expect(page.getByText("12:00")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/carrier-booking-390x844-moved-es.png`, fullPage: true });
  const manageUrl = page.url();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);

  // The office sees the carrier's booking on the day board, at its new hour, on its own
  // desktop browser: a phone grown to 1280 px keeps its coarse pointer and gets line cards, and
  // a new context takes this file's phone options unless told otherwise.
  const desktop = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  const desk = await desktop.newPage();
  await desk.addInitScript(() => localStorage.setItem("lang", "es"));
  const login = new LoginPage(desk);
  await login.goto();
  await login.fill("office", DEMO_PASSWORD);
  await login.submit();
  await expect(desk).not.toHaveURL(/\/login/, { timeout: PAGE_LOAD_TIMEOUT });
  await desk.goto(`/board?date=${day}`);
  const slot = desk.getByRole("listitem", { name: /^12:00/ });
  const card = slot.getByRole("link", { name: new RegExp(code) });
  await expect(card).toBeVisible();
  await expect(card.getByText(/carrier booking|reserva de transportista/i)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await desk.screenshot({ path: `${SHOTS}/carrier-booking-board-1280x800.png` });

  // The receptions list marks the line too, beside its booked hour.
  const receptions = new ShipmentsListPage(desk, "receptions");
  await receptions.goto({ code, booked_date_after: day, booked_date_before: day });
  await expect(
    receptions.row(code).getByText(/carrier booking|reserva de transportista/i),
  ).toBeVisible();
  // The office desktop's list is the table (issue 26), not the tablet's line cards.
  await expect(receptions.table).toBeVisible();
  await expect(receptions.cards).toHaveCount(0);
  await desk.screenshot({ path: `${SHOTS}/carrier-booking-receptions-1280x800.png` });

  // The dock settings screen shows the page's rules and its address (read-only for office).
  await desk.goto("/dock-settings");
  await expect(desk.getByRole("heading", { name: "Reservas de transportistas" })).toBeVisible();
  await expect(
    desk.getByRole("link", { name: new RegExp(`/carrier-booking/${token}$`) }),
  ).toBeVisible();
  await desk.getByRole("heading", { name: "Reservas de transportistas" }).scrollIntoViewIfNeeded();
  await desk.screenshot({ path: `${SHOTS}/carrier-booking-dock-settings-1280x800.png` });

  await desktop.close();

  // Back on the phone: the carrier cancels; the line goes back to the office's hour.
  await page.goto(manageUrl);
  await page.getByRole("button", { name: "Cancelar la reserva" }).click();
  await page.getByRole("button", { name: "Sí, cancelar la reserva" }).click();
  await expect(page.getByRole("heading", { name: "Cancelada" })).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/carrier-booking-390x844-cancelled-es.png`,
    fullPage: true,
  });
  await expect.poll(async () => (await mailsTo(email)).length).toBe(3);
  const line = await office.get<{ booked_date: string }>(`/api/reception/${lineId}`);
  expect(new Date(line.booked_date).toISOString()).toBe(
    DateTime.fromISO(`${day}T07:00`).toUTC().toISO(),
  );
});
