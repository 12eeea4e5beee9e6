import { DEMO_USERS, guardedPath } from "./demo-users";
import { expect, test } from "./fixtures";
import { PAGE_LOAD_TIMEOUT } from "./page-models";
import { TRUCK_LABELS, TruckFormPage, TrucksListPage } from "./trucks-page-model";

// Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
test.use({ serviceWorkers: "allow" });

/** A plate no demo truck has: digits and letters the demo generator never combines so. */
function newPlate(): string {
  const digits = String(Math.floor(Math.random() * 9000) + 1000);
  const letters = Array.from({ length: 3 }, () => "QWXZ"[Math.floor(Math.random() * 4)]).join("");
  return `${digits}${letters}`;
}

test.describe("trucks", () => {
  test("office: typing a known plate's start suggests it and fills the form", async ({
    page,
    loginAs,
  }) => {
    await loginAs("office", { landing: false });
    const list = new TrucksListPage(page);
    await list.goto();
    await list.waitForRows();
    const [known] = await list.plates();
    expect(known).toBeTruthy();

    await list.addTruck.click();
    const form = new TruckFormPage(page);
    await expect(form.heading).toBeVisible();
    await form.plate.pressSequentially((known ?? "").slice(0, 4).toLowerCase());
    // Upper case as typed.
    await expect(form.plate).toHaveValue((known ?? "").slice(0, 4));
    const suggestion = form.suggestions().filter({ hasText: known ?? "" });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(form.plate).toHaveValue(known ?? "");
    await expect(form.name).not.toHaveValue("");

    await form.cancel.click();
    await expect(page).toHaveURL((url) => url.pathname === "/trucks");
  });

  test("office adds a truck through the form", async ({ page, loginAs, checkA11y }) => {
    await loginAs("office", { landing: false });
    const form = new TruckFormPage(page);
    await form.goto();
    await checkA11y();
    const plate = newPlate();
    // Kept as typed, upper-cased with its hyphen (issue 25); found without it.
    const typed = `${plate.slice(0, 4)}-${plate.slice(4)}`;
    await form.fillNew({
      plate: typed.toLowerCase(),
      name: "transportes e2e",
      capacityLoad: "24t000",
      country: "ES",
      phone: "612 34 56 78",
    });
    await expect(form.name).toHaveValue("TRANSPORTES E2E");
    await expect(form.capacityLoad).toHaveValue("24000");
    await form.save.click();
    await expect(page).toHaveURL((url) => url.pathname === "/trucks");

    const list = new TrucksListPage(page);
    await list.filterByPlate(plate);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.rows().first()).toContainText("TRANSPORTES E2E");
    await expect(list.rows().first()).toContainText("+34 612 34 56 78");

    // The detail link opens it for editing.
    await list.detailLink(typed).click();
    await expect(form.plate).toHaveValue(typed);
    await expect(form.capacityLoad).toHaveValue("24000");
  });

  test("a wrong phone is refused before sending", async ({ page, loginAs }) => {
    await loginAs("office", { landing: false });
    const form = new TruckFormPage(page);
    await form.goto();
    await form.fillNew({ plate: newPlate(), name: "X", country: "ES", phone: "12" });
    await form.save.click();
    await expect(form.phone).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL((url) => url.pathname === "/truck");
  });

  test("the plate filter is kept in the URL and survives a reload", async ({
    page,
    loginAs,
    checkA11y,
  }) => {
    await loginAs("office", { landing: false });
    const list = new TrucksListPage(page);
    await list.goto();
    await list.waitForRows();
    await checkA11y();
    const plates = await list.plates();
    const target = plates[plates.length - 1] ?? "";
    await list.filterByPlate(target);
    await expect(page).toHaveURL((url) => url.searchParams.has("plate"));
    await expect(list.rows()).toHaveCount(1);
    await expect(list.detailLink(target)).toBeVisible();

    await page.reload();
    await expect(list.heading).toBeVisible();
    await expect(list.plateFilter).toHaveValue(target);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.detailLink(target)).toBeVisible();
  });

  test("pages hold 10 trucks and the pager moves between them", async ({ page, loginAs }) => {
    await loginAs("office", { landing: false });
    const list = new TrucksListPage(page);
    await list.goto();
    await list.waitForRows();
    await expect(list.rows()).toHaveCount(10);
    const first = await list.plates();
    await page.getByRole("button", { name: TRUCK_LABELS.nextPage }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => list.plates()).not.toEqual(first);
  });

  test("office deletes a truck after confirming", async ({ page, loginAs }) => {
    await loginAs("office", { landing: false });
    const plate = newPlate();
    const form = new TruckFormPage(page);
    await form.goto();
    await form.fillNew({ plate, name: "TO BE DELETED" });
    await form.save.click();
    await expect(page).toHaveURL((url) => url.pathname === "/trucks");

    const list = new TrucksListPage(page);
    await list.filterByPlate(plate);
    await expect(list.rows()).toHaveCount(1);

    // Cancel keeps it.
    await list.deleteButton(plate).click();
    await expect(list.confirmDialog).toContainText(TRUCK_LABELS.deleteQuestion);
    await list.confirmDialog.getByRole("button", { name: TRUCK_LABELS.cancel }).click();
    await expect(list.confirmDialog).toBeHidden();
    await expect(list.rows()).toHaveCount(1);

    await list.deleteTruck(plate);
    await expect(list.empty).toBeVisible();
    await page.reload();
    await expect(list.empty).toBeVisible();
  });

  for (const user of ["forklift", "client"]) {
    test(`${user} is sent from /trucks to /dashboard`, async ({ page, loginAs }) => {
      await loginAs(user, { landing: false });
      await page.goto("/trucks");
      // Where /dashboard leads them: a forklift goes on to today's expeditions (issue 26), so
      // waiting for /dashboard itself passed only when the check caught the page in between.
      const home = guardedPath(DEMO_USERS[user] ?? [], "/dashboard");
      expect(guardedPath(DEMO_USERS[user] ?? [], "/trucks")).toBe(home);
      await expect(page).toHaveURL((url) => url.pathname === home);
    });
  }

  test("offline after one visit: the mirrored trucks still show, marked offline", async ({
    page,
    context,
    loginAs,
  }) => {
    await loginAs("office", { landing: false });
    const list = new TrucksListPage(page);
    await list.goto();
    await list.waitForRows();
    const online = await list.plates();
    // The service worker must hold the app shell before the network goes away.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    await page.reload();
    await expect(list.heading).toBeVisible();
    await expect(list.offlineMarker).toBeVisible();
    await expect.poll(() => list.plates()).toEqual(online);

    // Filters still work on the device's copy.
    const target = online[0] ?? "";
    await list.filterByPlate(target);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.detailLink(target)).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe("trucks on a 1024x768 touch tablet", () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false, lang: "en" });

  test("office sees truck cards, not the desk table, with large row actions", async ({
    page,
    loginAs,
    checkA11y,
  }) => {
    await loginAs("office", { landing: false });
    const list = new TrucksListPage(page);
    await list.goto();
    await expect(list.cards.getByRole("listitem").first()).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(list.table).toHaveCount(0);
    const plates = await list.cardPlates();
    expect(plates.length).toBeGreaterThan(0);
    const plate = plates[0] ?? "";

    // The plate heads its card beside edit and delete (SMS too when enabled), each a large
    // touch target; nothing scrolls sideways.
    const card = list.card(plate);
    await expect(card).toBeVisible();
    for (const action of [list.detailLink(plate), list.deleteButton(plate)]) {
      await expect(card.locator(action)).toBeVisible();
      const box = await action.boundingBox();
      expect(box?.height ?? 0, "touch target height").toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0, "touch target width").toBeGreaterThanOrEqual(44);
    }
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, "no sideways scrolling").toBeLessThanOrEqual(client);
    await checkA11y();
    await page.screenshot({ path: "test-results/trucks-tablet-cards.png" });

    // A tap on the edit button opens the truck's form.
    await list.detailLink(plate).tap();
    await expect(new TruckFormPage(page).plate).toHaveValue(plate);
  });
});
