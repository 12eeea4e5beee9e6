import { apiAs } from "./api-as";
import { expect, test } from "./fixtures";
import { TrucksListPage } from "./trucks-page-model";

/**
 * REFRESH_INTERVAL (10 s by default) drives list reloading while live events are not flowing:
 * with the event stream refused, a truck added elsewhere shows in an open list within an
 * interval or two (the fixed 60 s period it replaces would not show it in this test's time).
 */
test("an open list reloads every REFRESH_INTERVAL while live events do not arrive", async ({
  page,
  request,
  loginAs,
}) => {
  await page.route("**/api/events*", (route) => route.abort());
  await loginAs("admin", { landing: false });
  const plate = `RI${Date.now().toString().slice(-5)}`;
  const trucks = new TrucksListPage(page);
  await trucks.goto(`?plate=${plate}`);
  await expect(trucks.empty).toBeVisible();

  const admin = await apiAs(request, "admin");
  const created = await admin.send("post", "/api/shipper", { plate, name: "Refresh Carrier" });
  expect(created.status, created.body).toBe(201);

  // No event reaches the page: only the periodic reload can bring the new truck.
  await expect(trucks.rows().filter({ hasText: plate })).toHaveCount(1, { timeout: 30_000 });
});
