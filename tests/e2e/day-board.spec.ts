import { DateTime } from "luxon";
import { apiAs } from "./api-as";
import { expect, startOnOneYardDay, test } from "./fixtures";

// Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
test.use({ serviceWorkers: "allow" });

/**
 * The day board (issue 12): office opens it from home and finds today's lines in their hour
 * slots with the room left; a status changed on another device shows within 2 s; readable on
 * the kiosk wall, the office desktop and the tablet.
 */
test.describe.configure({ timeout: 90_000 });
test.use({ lang: "en" });

const BW = "BW Warehousing";

const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
];

test("office follows today on the day board; another device's status change shows within 2 s", async ({
  page,
  context,
  request,
  loginAs,
  shell,
}) => {
  // Its line is booked for today and looked for on today's board: not across the yard's midnight.
  await startOnOneYardDay();
  // In BW Warehousing: the kiosk walls' company (Yardline Demo) keeps exactly its demo lines.
  const office = await apiAs(request, "office", BW);
  const client = await office.clientId("BW STORAGE");
  const code = `BOARD-${Date.now().toString(36).toUpperCase()}`;
  const today = DateTime.local().toISODate();
  const created = await office.send("post", "/api/expedition", {
    code,
    booked_date: DateTime.fromISO(`${today}T13:20`).toISO(),
    client,
    urgent: true,
  });
  expect(created.status, created.body).toBe(201);
  const line = JSON.parse(created.body) as { id: number };

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs("office");
  await shell.switchCompany(BW);
  await page.getByRole("link", { name: "Day board" }).click();
  await expect(page).toHaveURL(/\/board/);
  await expect(page.getByRole("heading", { name: "Day board", level: 1 })).toBeVisible();
  const slot = page.getByRole("listitem", { name: /^13:00: \d+ lines$/ });
  const card = slot.getByRole("link", { name: `Expedition ${code}` });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("In preparation");
  await expect(card).toContainText("Urgent");
  // Receptions keep to the dock's capacity; expeditions only when the company limits them
  // (issue 25: off by default).
  await expect(slot).toContainText(/Receptions \d+\/8 · \d+ (free|over)/);
  await expect(slot).toContainText(/Expeditions \d+ · no limit/);

  // Another device (the API as the office) marks it ready: the board follows within 2 s.
  const patched = await office.send("patch", `/api/expedition/${line.id}`, { status: 10 });
  expect(patched.status, patched.body).toBe(200);
  await expect(card).toContainText("Ready", { timeout: 2_000 });

  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await page.screenshot({
      path: `test-results/screenshots/board-${screen.width}x${screen.height}.png`,
      fullPage: false,
    });
  }

  // The next day and back: the day is in the URL.
  await page.getByRole("button", { name: "Next day" }).click();
  await expect(page).toHaveURL(/date=/);
  await expect(card).toBeHidden();
  await page.getByRole("button", { name: "Today" }).click();
  await expect(card).toBeVisible();

  // Offline: the day still shows from the device's mirror, marked as such.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Next day" }).click();
  await page.getByRole("button", { name: "Today" }).click();
  await expect(card).toBeVisible();
  await expect(card).toContainText("Ready");
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /offline/i })
      .first(),
  ).toBeVisible();
  await context.setOffline(false);
});
