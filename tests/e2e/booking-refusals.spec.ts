import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { apiAs } from "./api-as";
import { farDay } from "./far-day";
import { expect, test } from "./fixtures";
import { expectServiceWorkerControl, serviceWorkerReady } from "./offline-sync-page-model";
import { PAGE_LOAD_TIMEOUT } from "./page-models";
import { ShipmentFormPage } from "./shipment-form-page-model";

/**
 * Every refusal explained in the user's words (issue 24), in Spanish, as the provider meets
 * it: the hour fills before Save (the form says so on the field and offers the free hours),
 * and a booking made offline whose hour filled before the replay (the sync issue says why and
 * re-books at another hour). The test fills the hour itself, through the API, on a far-off day
 * of its own at 11:00, up to the dock's capacity read from the dock settings.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ lang: "es" });

const stamp = () => Date.now().toString(36).toUpperCase();
const HOUR = 11;

async function shot(page: Page, name: string): Promise<void> {
  for (const [device, size] of [
    ["desktop", { width: 1280, height: 800 }],
    ["tablet", { width: 1024, height: 768 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `test-results/screenshots/booking-refusals-${name}-${device}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

type Api = Awaited<ReturnType<typeof apiAs>>;

/** Books receptions at `at` until the dock refuses one (slot_full): the hour is then full. */
async function fillHour(api: Api, at: DateTime, client: number): Promise<void> {
  const schedule = await api.get<{ unload_per_hour: number | null }>("/api/dock-schedule");
  const capacity = schedule.unload_per_hour;
  expect(capacity, "the demo dock has a reception capacity").not.toBeNull();
  for (let i = 0; i <= (capacity ?? 0); i++) {
    const answer = await api.send("post", "/api/reception", {
      code: `FULL-${stamp()}-${i}`,
      booked_date: at.toISO({ suppressMilliseconds: true }),
      client,
    });
    if (answer.status === 400) {
      expect(answer.body).toContain("slot_full");
      return;
    }
    expect(answer.status, answer.body).toBe(201);
  }
  throw new Error("the hour never filled");
}

async function bookedAt(api: Api, code: string): Promise<string[]> {
  const page = await api.get<{ results: { booked_date: string }[] }>("/api/reception", { code });
  return page.results.map((line) => DateTime.fromISO(line.booked_date).toFormat("HH:mm"));
}

async function planReception(page: Page, day: DateTime, code: string): Promise<ShipmentFormPage> {
  const form = new ShipmentFormPage(page);
  await page.goto("/reception");
  await expect(form.field("Fecha reservada")).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await form.fill("Albarán", code);
  await form.fill("Fecha reservada", day.toISODate() ?? "");
  await page.getByLabel("Hora", { exact: true }).selectOption({ label: "11:00" });
  await form.pick("Cliente", "ACME");
  return form;
}

const saveButton = (page: Page) => page.getByRole("button", { name: "Guardar", exact: true });
const FULL_TEXT = "Esta hora ya está completa en el muelle: elige otra hora";

test("the provider's hour fills before Save: the reason shows on the field with the free hours", async ({
  page,
  request,
  loginAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const day = farDay(6);
  const at = day.set({ hour: HOUR });
  const code = `BOOK-${stamp()}`;
  const api = await apiAs(request, "provider");
  const client = await api.clientId("ACME");

  await loginAs("provider");
  await planReception(page, day, code);
  // Someone else takes the last places of 11:00 while the form is open.
  await fillHour(api, at, client);
  await saveButton(page).click();

  // The form stays open and says why, on the booked date, with what is free that day.
  await expect(page.getByText(FULL_TEXT).filter({ visible: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/reception(\?|$)/);
  const instead = page.getByRole("region", { name: "Qué puedes reservar en su lugar" });
  await expect(instead).toContainText("Horas libres el");
  await expect(instead.getByRole("button", { name: "Reservar a las 12:00" })).toBeVisible();
  await expect(instead.getByRole("button", { name: "Reservar a las 11:00" })).toHaveCount(0);
  // The refusal notice (if any) never covers Save and Cancel.
  await shot(page, "full-hour-form");

  await instead.getByRole("button", { name: "Reservar a las 12:00" }).click();
  await expect(page.getByText(FULL_TEXT).filter({ visible: true })).toHaveCount(0);
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/receptions/);
  await expect.poll(() => bookedAt(api, code), { timeout: 20_000 }).toEqual(["12:00"]);
});

test.describe("offline", () => {
  // The app's chunks come from the service worker's precache while the network is off.
  test.use({ serviceWorkers: "allow" });

  test("a booking made offline is refused on replay: the sync issue says why and re-books", async ({
    page,
    context,
    request,
    loginAs,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const day = farDay(7);
    const at = day.set({ hour: HOUR });
    const code = `OFFL-${stamp()}`;
    const api = await apiAs(request, "provider");
    const client = await api.clientId("ACME");

    await loginAs("provider");
    await serviceWorkerReady(page);
    await planReception(page, day, code);
    await expectServiceWorkerControl(page);
    await context.setOffline(true);
    await saveButton(page).click();
    await expect(
      page.getByText("Guardado en este dispositivo", { exact: false }).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/receptions/);

    // Meanwhile the hour fills; back online, the replay is refused.
    await fillHour(api, at, client);
    await context.setOffline(false);
    await page.goto("/sync-issues");
    const card = page.getByRole("listitem", { name: code });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText(`Fecha reservada: ${FULL_TEXT}`);
    await expect(card).not.toContainText("El servidor rechazó el cambio.");
    // Re-applying would be refused again: the card offers another hour instead.
    await expect(card.getByRole("button", { name: /Volver a aplicar/ })).toHaveCount(0);
    await shot(page, "full-hour-sync-issue");

    await card.getByRole("button", { name: "Reservar a otra hora" }).click();
    await expect(page).toHaveURL(/\/reception\?rebook=/);
    // The form holds the device's booking, says why, and offers the free hours.
    await expect(page.getByLabel("Albarán", { exact: true })).toHaveValue(code);
    await expect(page.getByText(FULL_TEXT).filter({ visible: true }).first()).toBeVisible();
    const instead = page.getByRole("region", { name: "Qué puedes reservar en su lugar" });
    await instead.getByRole("button", { name: "Reservar a las 13:00" }).click();
    await shot(page, "rebook-form");
    await saveButton(page).click();
    await expect(page).toHaveURL(/\/receptions/);
    await expect.poll(() => bookedAt(api, code), { timeout: 20_000 }).toEqual(["13:00"]);

    // The issue is settled.
    await page.goto("/sync-issues");
    await expect(
      page.getByRole("heading", { name: "Incidencias de sincronización" }),
    ).toBeVisible();
    await expect(page.getByRole("listitem", { name: code })).toHaveCount(0);
  });
});
