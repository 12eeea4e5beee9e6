import { expect, test } from "./fixtures";
import { PAGE_LOAD_TIMEOUT } from "./page-models";
import { TopBar } from "./top-bar-page-model";

/**
 * A fork-lift driver's top bar offline on a tablet (issue 26): the tabs (or More) stay in the
 * bar beside the grown sync state, the bar keeps to one row inside the screen, and the user
 * menu opens wholly inside the viewport, in landscape and portrait.
 */
test.describe.configure({ mode: "parallel" });
test.use({ lang: "en", hasTouch: true, isMobile: false });

for (const tablet of [
  { name: "landscape", width: 1024, height: 768 },
  { name: "portrait", width: 768, height: 1024 },
]) {
  test(`offline at ${tablet.width}x${tablet.height}: tabs, More and the user menu stay reachable`, async ({
    page,
    context,
    loginAs,
  }) => {
    await page.setViewportSize({ width: tablet.width, height: tablet.height });
    await loginAs("forklift");
    const bar = new TopBar(page);
    await expect(bar.nav).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await context.setOffline(true);
    try {
      await expect(bar.networkStatus()).toContainText("Offline");
      // Tabs or More: some way to another page besides the logo.
      await expect
        .poll(async () => (await bar.tabs().count()) + (await bar.more().count()))
        .toBeGreaterThan(0);
      if ((await bar.more().count()) > 0) await expect(bar.more()).toBeInViewport({ ratio: 1 });
      // Every tab wholly on screen, judged on the bar as it is at each look: the grown sync
      // state may still move a tab under More (a list of tabs taken once could name a gone one).
      await expect
        .poll(() =>
          bar.tabs().evaluateAll((links) =>
            links.every((link) => {
              const box = link.getBoundingClientRect();
              return (
                box.left >= 0 &&
                box.top >= 0 &&
                box.right <= window.innerWidth &&
                box.bottom <= window.innerHeight
              );
            }),
          ),
        )
        .toBe(true);
      await expect(bar.userConfig()).toBeInViewport({ ratio: 1 });
      expect(await bar.horizontalOverflow()).toBeLessThanOrEqual(0);

      await bar.userConfig().click();
      const menu = page.getByRole("dialog").or(page.getByRole("menu")).first();
      await expect(menu).toBeVisible();
      await expect(menu).toBeInViewport({ ratio: 1 });
      await bar.screenshot(`forklift-offline-bar-${tablet.width}x${tablet.height}`);
    } finally {
      await context.setOffline(false);
    }
  });
}
