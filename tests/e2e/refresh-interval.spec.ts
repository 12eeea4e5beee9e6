import { apiAs } from "./api-as";
import { expect, test } from "./fixtures";
import { TrucksListPage } from "./trucks-page-model";

/** REFRESH_INTERVAL of the e2e server (its default, /config.json). */
const REFRESH_INTERVAL_MS = 10_000;

/**
 * REFRESH_INTERVAL (10 s by default) drives list reloading while live events are not flowing:
 * with the event stream refused, a truck added elsewhere shows in an open list once an interval
 * or two have passed (the fixed 60 s period it replaces would not show it). The page's clock is
 * Playwright's: the journey moves it on by two intervals instead of waiting for them.
 */
test("an open list reloads every REFRESH_INTERVAL while live events do not arrive", async ({
  page,
  request,
  loginAs,
}) => {
  await page.route("**/api/events*", (route) => route.abort());
  await page.clock.install();
  await loginAs("admin", { landing: false });
  const plate = `RI${Date.now().toString().slice(-5)}`;
  const trucks = new TrucksListPage(page);
  await trucks.goto(`?plate=${plate}`);
  await expect(trucks.empty).toBeVisible();

  const admin = await apiAs(request, "admin");
  const created = await admin.send("post", "/api/shipper", { plate, name: "Refresh Carrier" });
  expect(created.status, created.body).toBe(201);

  // No event reaches the page: only the periodic reload can bring the new truck, within an
  // interval or two (a reload for another reason, the first feed pull's, may have just run).
  await page.clock.runFor(2 * REFRESH_INTERVAL_MS);
  await expect(trucks.rows().filter({ hasText: plate })).toHaveCount(1);
});
