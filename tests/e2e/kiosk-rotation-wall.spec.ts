import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { expect, test } from "./fixtures";
import { KioskWall } from "./kiosk-page-model";
import { PAGE_LOAD_TIMEOUT } from "./page-models";
import { ShipmentsApi } from "./shipments-page-model";
import { demoDayClock } from "./yard-time-zone";

/**
 * A kiosk wall (issue 10) at 1920x1080 and 1280x720 with today's 27 demo expeditions: nothing
 * scrolls sideways, the compact bar names the screen on show, nothing is a link, and the
 * rotation pages through every line of today (10 a page) before it starts again. Playwright's
 * clock runs the kiosk's ticks.
 */
test.use({ lang: "en" });

/** The browser's local date, YYYY-MM-DD (the kiosk lists show this day). */
function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

/** Rows per page the wall fits on each screen (issue 26: ui/list/use-rows-that-fit.ts). */
for (const { viewport, PAGE_SIZE } of [
  { viewport: { width: 1920, height: 1080 }, PAGE_SIZE: 16 },
  { viewport: { width: 1280, height: 720 }, PAGE_SIZE: 13 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(size, () => {
    test.use({ viewport });

    test(`kiosk at ${size}: every line of today in the rotation, no sideways scroll, no links`, async ({
      page,
      request,
      loginAs,
    }) => {
      test.slow();
      const wall = new KioskWall(page);
      await page.clock.install({ time: demoDayClock() });
      await loginAs("kiosk");
      const today = await browserToday(page);

      // Today's expeditions of the kiosk's company, as the API tells them.
      const api = await ShipmentsApi.login(request, "kiosk");
      const [company] = (await api.profile()).companies;
      if (company === undefined) throw new Error("kiosk has no company");
      const { results } = await api.list("expeditions", company, {
        // The yard's day as instants: a bare date would be read as a UTC day.
        booked_date_after: DateTime.fromISO(today).startOf("day").toISO() ?? today,
        booked_date_before: DateTime.fromISO(today).endOf("day").toISO() ?? today,
      });
      const expected = results.map((line) => line.code).sort();
      expect(expected.length, "demo lines booked today").toBeGreaterThanOrEqual(25);
      const pages = Math.ceil(expected.length / PAGE_SIZE);

      // The wall's chrome: one screen label on show, no links anywhere, the way out discreet.
      await wall.expectList("Expeditions", "/expeditions", today);
      // The bar names the rotation's screens: the list, then the walls (indicators, ...).
      await expect(wall.screens()).toContainText(["Expeditions", "Indicators"]);
      await expect(wall.currentScreen()).toHaveText("Expeditions");
      await expect(wall.links()).toHaveCount(0);
      await expect(wall.userConfig()).toBeVisible();

      // The rotation: page 1..N of today's lines, then page 1 again, one tick a step.
      await wall.pauseClock();
      // A slow start may have let a tick pass: on to the start of the next pass.
      for (let step = 0; step < pages && wall.listPage() !== 1; step += 1) {
        await wall.tick();
      }
      const seen = new Set<string>();
      const visited: number[] = [];
      for (let index = 1; index <= pages + 1; index += 1) {
        // After the last page the rotation shows its other walls, then page 1 again.
        if (index > pages) await wall.tickUntil("/expeditions");
        await expect.poll(() => wall.listPage()).toBe(index > pages ? 1 : index);
        // This page's lines: as many as the page holds, none shown on an earlier page.
        const onPage = Math.min(PAGE_SIZE, expected.length - ((index - 1) % pages) * PAGE_SIZE);
        const fresh = async () => {
          // The paused clock moves a little at each look, so the list's own timers (the
          // mirror's queries) run; nowhere near the next tick.
          await page.clock.runFor(20);
          const notes = await wall.lineCodes();
          const repeated = index <= pages && notes.some((note) => seen.has(note));
          return notes.length === onPage && !repeated ? notes : [];
        };
        await expect.poll(async () => (await fresh()).length).toBe(onPage);
        for (const note of await fresh()) seen.add(note);
        visited.push(wall.listPage());
        expect(await wall.horizontalOverflow(), `sideways scroll on page ${index}`).toBe(0);
        await expect(wall.currentScreen()).toHaveText("Expeditions");
        if (index === 1) expect(await wall.smallestNoteFontSize()).toBeGreaterThanOrEqual(18);
        if (index <= pages) await wall.screenshot(`kiosk-wall-${size}-page-${index}`);
        await wall.tick();
      }
      expect(visited).toEqual([...Array.from({ length: pages }, (_, i) => i + 1), 1]);
      expect([...seen].sort()).toEqual(expected);
      await wall.expectList("Expeditions", "/expeditions", today);
    });
  });
}

test.describe("way out", () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test("kiosk: a tap on the corner does nothing; a long press or Alt+ArrowDown opens User Config", async ({
    page,
    loginAs,
    checkA11y,
  }) => {
    // A sign-in, axe over a wall of rows and a long press, on a busy 2-core machine.
    test.setTimeout(180_000);
    const wall = new KioskWall(page);
    await loginAs("kiosk");
    await expect(wall.userConfig()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    // axe on the wall (the rotation tests run a fake clock, which axe's own timers dislike).
    await expect(wall.rows().first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await checkA11y();
    await wall.userConfig().click();
    await expect(page.getByRole("menu")).toHaveCount(0);

    // A long press (held past react-aria's 500 ms).
    const box = await wall.userConfig().boundingBox();
    if (box === null) throw new Error("no corner button");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(800);
    await page.mouse.up();
    await expect(page.getByRole("menu")).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Log Out" })).toBeVisible();
    await wall.screenshot("kiosk-wall-way-out");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);

    // The keyboard: focus it and press Alt+ArrowDown.
    await wall.userConfig().focus();
    await page.keyboard.press("Alt+ArrowDown");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("Escape");
  });
});
