import { BW, TRW } from "../../src/server/db/demo-data";
import { expect, test } from "./fixtures";
import { TopBar } from "./top-bar-page-model";

/**
 * The office top bar never wraps (issue 10): at 1280 px, with TRW's seven tabs, in every
 * language, brand, tabs, sync state, greeting and User Config share one row; tabs that do not
 * fit are reached through "More" with the keyboard; phones get one Menu button.
 */
test.describe.configure({ mode: "parallel" });
// A sign-in, a change of company (a reload) and a language on a busy 2-core machine.
test.slow();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Tab paths in TRW Logistics for office, in order. */
const TRW_PATHS = [
  "/dashboard",
  "/trucks",
  "/expeditions",
  "/receptions",
  "/critical-lines",
  "/task-list",
  "/bi",
];

/**
 * The bar's tabs come first, in order; the rest are under More, opened and chosen with the
 * keyboard (Tab, Enter, arrows); the page chosen gets its tab into the bar, still one row.
 */
async function expectMoreByKeyboard(bar: TopBar): Promise<void> {
  const { page } = bar;
  const inBar = await bar.hrefs();
  expect(TRW_PATHS.slice(0, inBar.length)).toEqual(inBar);
  const hidden = TRW_PATHS.slice(inBar.length);
  expect(hidden.length).toBeGreaterThan(0);
  await bar.tabs().last().focus();
  await page.keyboard.press("Tab");
  await expect(bar.more()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bar.menuItems()).toHaveCount(hidden.length);
  await expect(bar.menuItems().first()).toBeFocused();
  for (let step = 1; step < hidden.length; step += 1) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const chosen = hidden.at(-1);
  await expect(page).toHaveURL((url) => url.pathname === chosen);
  await expect.poll(() => bar.hrefs()).toContain(chosen);
  await bar.expectOneRow();
}

for (const lang of ["en", "es", "pt"] as const) {
  test.describe(`${lang} at 1280`, () => {
    test.use({ lang, viewport: DESKTOP });

    test(`office in ${TRW}: one row, every tab in the bar or under More`, async ({
      page,
      loginAs,
      shell,
      checkA11y,
    }) => {
      const bar = new TopBar(page);
      await loginAs("office");
      await shell.switchCompany(TRW);
      await bar.expectOneRow();
      expect(await bar.horizontalOverflow()).toBeLessThanOrEqual(0);
      await bar.screenshot(`top-bar-1280-${lang}`);
      await checkA11y();
      if ((await bar.more().count()) === 0) expect(await bar.hrefs()).toEqual(TRW_PATHS);
      else await expectMoreByKeyboard(bar);
    });
  });
}

test.describe("trucks filters at 1280", () => {
  test.use({ lang: "es", viewport: DESKTOP });

  test(`office in ${TRW}: the trucks filter inputs keep clear of each other`, async ({
    page,
    loginAs,
    shell,
  }) => {
    await loginAs("office");
    await shell.switchCompany(TRW);
    await page.goto("/trucks");
    const filters = page.getByRole("search");
    const inputs = filters.getByRole("textbox");
    await expect(inputs.first()).toBeVisible({ timeout: 20_000 });
    const boxes = [];
    for (const input of await filters.locator("input").all()) {
      const box = await input.boundingBox();
      if (box) boxes.push(box);
    }
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    // Inputs side by side on a row leave at least 8 px between them; none overlaps another.
    for (const [index, box] of boxes.entries()) {
      for (const other of boxes.slice(index + 1)) {
        const sameRow = Math.abs(box.y - other.y) < box.height / 2;
        if (!sameRow) continue;
        const gap = Math.max(other.x - (box.x + box.width), box.x - (other.x + other.width));
        expect(gap).toBeGreaterThanOrEqual(8);
      }
    }
    await page.screenshot({ path: "test-results/screenshots/trucks-filters-1280-trw.png" });
  });
});

test.describe("pt at 900", () => {
  test.use({ lang: "pt", viewport: { width: 900, height: 700 } });

  test(`office in ${TRW}: the tabs that do not fit are under More, reached by keyboard`, async ({
    page,
    loginAs,
    shell,
  }) => {
    const bar = new TopBar(page);
    await loginAs("office");
    await shell.switchCompany(TRW);
    await bar.expectOneRow();
    await expect(bar.more()).toBeVisible();
    expect(await bar.horizontalOverflow()).toBeLessThanOrEqual(0);
    await bar.screenshot("top-bar-900-pt");
    await expectMoreByKeyboard(bar);
    await bar.screenshot("top-bar-900-pt-more-chosen");
  });
});

test.describe("mx at 1280", () => {
  test.use({ lang: "es", viewport: DESKTOP });

  test(`office in ${BW} in Mexican Spanish: one row`, async ({
    page,
    loginAs,
    shell,
    checkA11y,
  }) => {
    const bar = new TopBar(page);
    await loginAs("office");
    await shell.switchCompany(BW);
    // MEX is chosen per session (a reload goes back to es), so it is chosen last.
    await shell.chooseLanguage("MEX");
    await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");
    await bar.expectOneRow();
    expect(await bar.horizontalOverflow()).toBeLessThanOrEqual(0);
    await bar.screenshot("top-bar-1280-mx");
    await checkA11y();
  });
});

test.describe("phone", () => {
  test.use({ lang: "en", viewport: PHONE, hasTouch: true });

  test("390 px: one row, the tabs behind a Menu button that opens each page", async ({
    page,
    loginAs,
    shell,
  }) => {
    const bar = new TopBar(page);
    await loginAs("office");
    await shell.switchCompany(TRW);
    await expect(bar.tabs()).toHaveCount(0);
    await bar.expectOneRow();
    expect(await bar.horizontalOverflow()).toBeLessThanOrEqual(0);
    await bar.screenshot("top-bar-390");
    await bar.phoneMenu().click();
    await expect(bar.menuItems()).toHaveText([
      "Home",
      "Trucks",
      "Expeditions",
      "Receptions",
      "Critical lines",
      "Task list",
      "BI",
    ]);
    await bar.screenshot("top-bar-390-menu");
    await bar.menuItems().filter({ hasText: "Receptions" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/receptions");
    await expect(bar.phoneMenu()).toContainText("Receptions");
    await bar.expectOneRow();
  });
});
