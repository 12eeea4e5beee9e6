import type { APIRequestContext, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { apiAs } from "./api-as";
import { farDay } from "./far-day";
import { expect, test } from "./fixtures";
import { expectServiceWorkerControl, serviceWorkerReady } from "./offline-sync-page-model";
import { ShipmentFormPage } from "./shipment-form-page-model";

/**
 * Dock scheduling (issues 12 and 25): a reception books an hour the dock still offers, a
 * restricted date (trw) offers none, and a weekly expedition whose hour is full on two dates
 * (the company limits expeditions) lists those two; saved offline, the full date comes back
 * as a sync issue that re-books it (issue 24).
 * Each journey uses its own far-off day (far-day.ts), so no two journeys share an hour.
 */
test.describe.configure({ timeout: 90_000 });
test.use({ lang: "en" });

const TRW = "TRW Logistics";
const stamp = () => Date.now().toString(36).toUpperCase();

/**
 * TRW's expeditions limited to 10 an hour (issue 25: only then do they respect the hour's
 * capacity, and only for users without lockdowns, like the trw admin), and each of `dates`
 * filled with 10 expeditions. Returns the admin's API and the schedule to put back.
 */
async function fillTrwHours(request: APIRequestContext, dates: DateTime[]) {
  const admin = await apiAs(request, "admin", TRW);
  const schedule = await admin.get<Record<string, unknown>>("/api/dock-schedule");
  const limited = await admin.send("put", "/api/dock-schedule", {
    ...schedule,
    load_per_hour: 10,
    limit_expeditions: true,
  });
  expect(limited.status, limited.body).toBe(200);
  const client = await admin.clientId("ATLAS");
  for (const date of dates) {
    for (let i = 0; i < 10; i++) {
      const created = await admin.send("post", "/api/expedition", {
        code: `FULL-${stamp()}-${i}`,
        booked_date: date.toISO({ suppressMilliseconds: true }),
        client,
        destination: "Porto",
      });
      expect(created.status, created.body).toBe(201);
    }
  }
  return { admin, schedule };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `test-results/screenshots/scheduling-${name}.png`,
    fullPage: true,
  });
}

const hourOptions = (page: Page) =>
  page.getByLabel("Hour", { exact: true }).locator("option:not([value=''])");

test("the planner books a reception into an hour the dock still offers", async ({
  page,
  request,
  loginAs,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const day = farDay(1);
  // Fill 10:00 of that day to the demo capacity (8 receptions an hour) from the office.
  const office = await apiAs(request, "office");
  const client = await office.clientId("ACME");
  for (let i = 0; i < 8; i++) {
    const created = await office.send("post", "/api/reception", {
      code: `FULL-${stamp()}-${i}`,
      booked_date: day.set({ hour: 10 }).toISO(),
      client,
    });
    expect(created.status, created.body).toBe(201);
  }

  await loginAs("planner", { landing: false });
  const form = new ShipmentFormPage(page);
  await form.open("/reception");
  const code = `SLOT-${stamp()}`;
  await form.fill("Delivery note", code);
  await form.fill("Booked date", day.toISODate() ?? "");
  await expect(page.getByText("Only the hours with room at the dock are offered.")).toBeVisible();
  const offered = await hourOptions(page).allTextContents();
  expect(offered).toContain("08:00");
  expect(offered, "the full hour is not offered").not.toContain("10:00");
  await form.pick("Client", "ACME");
  // A day without an hour is the spec's invalid_date_time warning; nothing is saved.
  await form.save.click();
  await expect(page.getByText("Invalid date and time: pick an hour of the day")).toBeVisible();
  // The field error under the booked date (the hour list's own "Pick an hour" option is no error).
  await expect(
    page.getByText("Pick an hour", { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await page.getByLabel("Hour", { exact: true }).selectOption({ label: "08:00" });
  await shot(page, "reception-slot-tablet");
  await form.save.click();
  await expect(page).toHaveURL(/\/receptions/);

  const saved = await office.get<{ results: { booked_date: string }[] }>("/api/reception", {
    code,
  });
  await expect
    .poll(async () => {
      const lines = await office.get<{ results: { booked_date: string }[] }>("/api/reception", {
        code,
      });
      return lines.results.map((line) => DateTime.fromISO(line.booked_date).toFormat("HH:mm"));
    })
    .toEqual(["08:00"]);
  expect(saved.results.length).toBeLessThanOrEqual(1);
});

test("a trw office restricts a date; the trw admin can neither lift it nor book a reception that day", async ({
  page,
  request,
  loginAs,
  shell,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const day = farDay(2);
  const label = day.toFormat("dd/LL/yyyy");
  // Restricted dates are trw companies', managed by lockdowns holders (the trw office).
  const office = await apiAs(request, "office", TRW);
  const created = await office.send("post", "/api/restricted-date", { date: day.toISODate() });
  expect(created.status, created.body).toBe(201);
  await loginAs("admin");
  // In a trw company the admin lacks the lockdowns permission: the list shows the date with
  // no way to add or lift one, and the reception form asks the server for hours.
  await shell.switchCompany(TRW);
  await page.goto("/dock-settings");
  await expect(page.getByRole("heading", { name: "Dock hours", level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  const restricted = page.getByRole("list", { name: "Restricted dates" });
  await expect(restricted.getByText(label)).toBeVisible();
  await expect(page.getByLabel("Date to restrict")).toHaveCount(0);
  await expect(restricted.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await shot(page, "dock-settings-desktop");

  const form = new ShipmentFormPage(page);
  await form.open("/reception");
  await form.fill("Booked date", day.toISODate() ?? "");
  await expect(page.getByText("No free hours on this day: pick another day.")).toBeVisible();
  await expect(hourOptions(page)).toHaveCount(0);
  await shot(page, "reception-restricted-desktop");
  // The day after is bookable.
  await form.fill("Booked date", day.plus({ days: 1 }).toISODate() ?? "");
  await expect(hourOptions(page)).toHaveCount(16);
});

test("a trw admin repeats an expedition weekly for 8 weeks; the two full dates are listed", async ({
  page,
  request,
  loginAs,
  shell,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const first = farDay(3).set({ hour: 9 });
  // Weeks 2 and 4 are full at 09:00 (10 expeditions an hour), for the trw admin who books.
  const full = [first.plus({ weeks: 1 }), first.plus({ weeks: 3 })];
  const { admin, schedule } = await fillTrwHours(request, full);

  await loginAs("admin");
  await shell.switchCompany(TRW);
  const form = new ShipmentFormPage(page);
  await form.open("/expedition");
  const code = `WEEK-${stamp()}`;
  await form.fill("Delivery note", code);
  await form.fill("Booked date", first.toFormat("yyyy-LL-dd'T'HH:mm"));
  await form.pick("Client", "ATLAS");
  await form.fill("Destination", "Porto");
  await page.getByLabel("Repeat this line").check();
  await page.getByLabel("After").check();
  await page.getByLabel("Number of times").fill("8");
  await expect(page.getByText("Creates 8 lines:")).toBeVisible();
  await shot(page, "expedition-repeat-desktop");
  await form.save.click();

  const popup = page.getByRole("dialog", { name: "Some expeditions were not created." });
  await expect(popup).toBeVisible({ timeout: 20_000 });
  for (const date of full) {
    await expect(popup.getByText(date.toFormat("dd/LL/yyyy HH:mm"))).toBeVisible();
  }
  await expect(popup.getByRole("listitem")).toHaveCount(2);
  await expect(popup.getByText("6 created.")).toBeVisible();
  await shot(page, "expedition-not-created-desktop");
  await popup.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/expeditions/);
  const lines = await admin.get<{ count: number }>("/api/expedition", { code });
  expect(lines.count).toBe(6);
  await admin.send("put", "/api/dock-schedule", schedule);
});

test("office manages lockdowns from the trw receptions list", async ({ page, loginAs, shell }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const day = farDay(4);
  const label = day.toFormat("dd/LL/yyyy");
  await loginAs("office");
  await shell.switchCompany(TRW);
  await page.goto("/receptions");
  await page.getByRole("button", { name: "Lockdowns" }).click();
  const dialog = page.getByRole("dialog", { name: "Lockdowns" });
  await dialog.getByLabel("Date to restrict").fill(day.toISODate() ?? "");
  await dialog.getByRole("button", { name: "Restrict date" }).click();
  const row = dialog.getByRole("listitem").filter({ hasText: label });
  await expect(row).toBeVisible();
  await shot(page, "lockdowns-tablet");
  await row.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  // Yardline Demo is not trw: its receptions list has no Lockdowns button.
  await page.goto("/dashboard");
  await shell.switchCompany("Yardline Demo");
  await page.goto("/receptions");
  await expect(page.getByRole("link", { name: "Add reception" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Lockdowns" })).toHaveCount(0);
});

test.describe("offline", () => {
  // The app's chunks come from the service worker's precache while the network is off.
  test.use({ serviceWorkers: "allow" });

  test("a repeated expedition saved offline: the full week comes back as a sync issue that re-books it", async ({
    page,
    context,
    request,
    loginAs,
    shell,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const first = farDay(5).set({ hour: 9 });
    const full = first.plus({ weeks: 1 });
    const { admin, schedule } = await fillTrwHours(request, [full]);

    await loginAs("admin");
    await serviceWorkerReady(page);
    await shell.switchCompany(TRW);
    const form = new ShipmentFormPage(page);
    await form.open("/expedition");
    const code = `OFFWEEK-${stamp()}`;
    await form.fill("Delivery note", code);
    await form.fill("Booked date", first.toFormat("yyyy-LL-dd'T'HH:mm"));
    await form.pick("Client", "ATLAS");
    await form.fill("Destination", "Porto");
    await page.getByLabel("Repeat this line").check();
    await page.getByLabel("After").check();
    await page.getByLabel("Number of times").fill("3");
    await expect(page.getByText("Creates 3 lines:")).toBeVisible();
    await expectServiceWorkerControl(page);
    await context.setOffline(true);
    await form.save.click();
    await expect(page.getByText("Saved on this device", { exact: false }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/expeditions/);

    await context.setOffline(false);
    await page.goto("/sync-issues");
    const card = page.getByRole("listitem", { name: code });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("This hour is already full at the dock");
    await shot(page, "series-offline-sync-issue");
    const lines = () =>
      admin
        .get<{ results: { booked_date: string }[] }>("/api/expedition", { code })
        .then((answer) =>
          answer.results.map((line) => DateTime.fromISO(line.booked_date).toMillis()),
        );
    await expect.poll(lines).toEqual([first.toMillis(), first.plus({ weeks: 2 }).toMillis()]);

    await card.getByRole("button", { name: "Re-book at another hour" }).click();
    await expect(page).toHaveURL(/\/expedition\?rebook=/);
    await expect(page.getByLabel("Delivery note", { exact: true })).toHaveValue(code);
    await expect(page.getByText("This hour is already full at the dock").first()).toBeVisible();
    await expect(page.getByLabel("Repeat this line")).not.toBeChecked();
    await shot(page, "series-offline-rebook");
    await admin.send("put", "/api/dock-schedule", schedule);
  });
});
