import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { Dashboard } from "./page-models";

// Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
test.use({ serviceWorkers: "allow", lang: "es" });

/**
 * A page with no copy on the device (BI here) opened offline (issue 26): it says so plainly in
 * the user's language, names what keeps working and leads Home, instead of a blank or a
 * spinner; with the network back the page itself opens.
 */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test("offline, BI says in Spanish that it needs the network, and opens when it returns", async ({
  page,
  context,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs("office");
  await serviceWorkerReady(page);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  const dashboard = new Dashboard(page);
  await expect(dashboard.tile("BI")).toBeVisible();

  await context.setOffline(true);
  try {
    await dashboard.tile("BI").click();
    await expect(page).toHaveURL((url) => url.pathname === "/bi");
    const heading = page.getByRole("heading", { level: 1, name: "BI necesita la red" });
    await expect(heading).toBeVisible();
    await expect(page.getByText(/siguen funcionando aquí/)).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/offline-network-only-bi-es.png" });
    const home = page.getByRole("link", { name: "Ir a Inicio" });
    await expect(home).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // Back online, the BI page replaces the notice by itself.
  await expect(page.getByRole("heading", { level: 1, name: "BI necesita la red" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "BI" })).toBeVisible();
});
