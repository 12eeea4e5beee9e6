import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { CriticalLinesScreen } from "./critical-lines-page-model";
import { expect, test } from "./fixtures";
import { KioskScreen } from "./kiosk-page-model";
import { PAGE_LOAD_TIMEOUT, waitForPrivatePage } from "./page-models";

/**
 * Kiosk wall lists (issue 10): today's expeditions or receptions on a 1920x1080 or 1280x720
 * wall. Nothing overflows sideways (nobody scrolls a wall), type is readable from five metres,
 * each row is tinted with its status colour and says its status, and the wall has no links or
 * buttons. The list root tells the rotation its page and page count. No fake clock (axe's own
 * timers stall under one): the rotation may turn the page meanwhile, which the checks allow.
 */
test.use({ lang: "en" });

const WALLS = [
  { user: "kiosk", path: "/expeditions", title: "Expeditions", width: 1920, height: 1080 },
  { user: "kiosk", path: "/expeditions", title: "Expeditions", width: 1280, height: 720 },
  { user: "kioskrec", path: "/receptions", title: "Receptions", width: 1920, height: 1080 },
] as const;

for (const wall of WALLS) {
  test.describe(`${wall.title} wall at ${wall.width}x${wall.height}`, () => {
    test.use({ viewport: { width: wall.width, height: wall.height } });

    test(`${wall.user}: no horizontal overflow, wall-size type, status-coloured rows, no links`, async ({
      page,
      loginAs,
      checkA11y,
    }) => {
      // Sign-in, the list and axe over a wall of ten rows: slow on two busy cores.
      test.setTimeout(180_000);
      await loginAs(wall.user);
      const kiosk = new KioskScreen(page);
      const today = DateTime.now().toISODate();
      await page.goto(`${wall.path}?booked_date_after=${today}&booked_date_before=${today}`);
      await expect(kiosk.heading(wall.title)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
      await expect(kiosk.rows().first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
      expect(await kiosk.theme()).toBe("kiosk");

      const region = page.getByRole("region", { name: wall.title });
      await expect(region).toHaveAttribute("data-presentation", "kiosk");
      // The rotation pages through today's lines with these (it may have moved on already).
      await expect(region).toHaveAttribute("data-page", /^[1-9]\d*$/);
      await expect(region).toHaveAttribute("data-page-count", /^[1-9]\d*$/);
      const paging = await region.evaluate((element) => ({
        page: Number((element as HTMLElement).dataset.page),
        count: Number((element as HTMLElement).dataset.pageCount),
      }));
      expect(paging.page).toBeLessThanOrEqual(paging.count);

      // Nothing scrolls sideways, and no cell hides part of its text.
      const overflow = await page.evaluate(() => {
        const root = document.documentElement;
        const table = document.querySelector("table");
        const cells = [...document.querySelectorAll("table th, table td")];
        return {
          document: root.scrollWidth - root.clientWidth,
          table: table ? table.getBoundingClientRect().right - root.clientWidth : 0,
          clipped: cells
            // Names cut with an ellipsis on purpose (one line each, issue 26) are not hidden.
            .filter((cell) => getComputedStyle(cell).textOverflow !== "ellipsis")
            .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
            .map((cell) => cell.textContent),
        };
      });
      expect(overflow.document, "document overflow").toBeLessThanOrEqual(0);
      expect(overflow.table, "table past the right edge").toBeLessThanOrEqual(0);
      expect(overflow.clipped, "cells wider than their column").toEqual([]);
      await expect(kiosk.columnHeaders().last()).toBeInViewport({ ratio: 1 });

      // Type for five metres: 28 px and more on a 1920 px wall, 22 px on a 1280 px one (issue 26).
      const minimum = wall.width >= 1920 ? 28 : 22;
      await expect
        .poll(() =>
          page.evaluate(() => {
            const cell = document.querySelector("table tbody td");
            return cell ? Number.parseFloat(getComputedStyle(cell).fontSize) : 0;
          }),
        )
        .toBeGreaterThanOrEqual(minimum);

      // Whole-row status colour, the status written out.
      const rows = await kiosk.rows().evaluateAll((elements) =>
        elements.map((row) => ({
          background: getComputedStyle(row).backgroundColor,
          status: row.querySelector('[data-column="status"]')?.textContent ?? "",
        })),
      );
      for (const row of rows) {
        expect(row.background).not.toMatch(/^rgba?\(255, 255, 255(, 1)?\)$|transparent|, 0\)$/);
        expect(row.status).toMatch(
          /^(In preparation|Ready|Ready to send|Issued|Sent|Revision|Cancelled|Attention required|Delay|In progress|Received)/,
        );
      }

      // The whole page fits the screen (issue 26): every row and the page counter in view, and a
      // status name is one line (cut with an ellipsis rather than wrapped).
      for (const row of await kiosk.rows().all()) await expect(row).toBeInViewport({ ratio: 1 });
      const counter = region.getByText(/page \d+ of \d+/);
      if ((await counter.count()) > 0) await expect(counter.first()).toBeInViewport({ ratio: 1 });
      const statusLines = await region
        .locator('[data-column="status"] strong')
        .evaluateAll((names) =>
          names.map((name) => {
            const size = Number.parseFloat(getComputedStyle(name).fontSize);
            return Math.floor(name.getBoundingClientRect().height / (size * 1.6)) + 1;
          }),
        );
      for (const lines of statusLines) expect(lines, "status name lines").toBeLessThanOrEqual(1);
      expect(await cutStatusNames(region), "status names cut").toEqual([]);
      // The timing chip stays on its status's line: the status cell is one line high.
      const statusCells = await region
        .locator('td [data-column="status"], td[data-column="status"]')
        .evaluateAll((cells) =>
          cells.map((cell) => {
            const chip = cell.querySelector("strong + span");
            const name = cell.querySelector("strong");
            if (!chip || !name) return 0;
            return Math.abs(chip.getBoundingClientRect().top - name.getBoundingClientRect().top) <
              name.getBoundingClientRect().height
              ? 0
              : 1;
          }),
        );
      expect(
        statusCells.filter((wrapped) => wrapped === 1),
        "chips under their status",
      ).toEqual([]);

      // Rows per page come from the screen height: on a page that is not the last, one more row
      // would not fit above the page count's bottom edge.
      const fit = await page.evaluate(() => {
        const rows = [...document.querySelectorAll("table tbody tr")];
        const summary = document.querySelector("[data-list-summary]");
        const cell = document.querySelector("table tbody td");
        const last = rows.at(-1)?.getBoundingClientRect();
        return {
          rows: rows.length,
          rowHeight: Math.max(...rows.map((row) => row.getBoundingClientRect().height)),
          spare: window.innerHeight - (summary?.getBoundingClientRect().bottom ?? 0),
          lastBottom: last?.bottom ?? 0,
          fontSize: cell ? Number.parseFloat(getComputedStyle(cell).fontSize) : 0,
        };
      });
      const region2 = await region.evaluate((element) => ({
        page: Number((element as HTMLElement).dataset.page),
        count: Number((element as HTMLElement).dataset.pageCount),
      }));
      test.info().annotations.push({
        type: "measured",
        description: `${wall.width}x${wall.height}: ${fit.rows} rows of ${fit.rowHeight} px, text ${fit.fontSize} px, ${fit.spare} px spare`,
      });
      console.log(`measured ${wall.width}x${wall.height}: ${JSON.stringify(fit)}`);
      expect(fit.spare, "page count inside the screen").toBeGreaterThanOrEqual(0);
      if (region2.page < region2.count) {
        expect(fit.spare, "room for one more row").toBeLessThan(fit.rowHeight + 8);
      }

      // A wall: no links, no buttons, no selects in the list.
      await expect(region.getByRole("link")).toHaveCount(0);
      await expect(region.getByRole("button")).toHaveCount(0);
      await expect(region.getByRole("combobox")).toHaveCount(0);

      await page.screenshot({
        path: `test-results/screenshots/kiosk-${wall.path.slice(1)}-${wall.width}x${wall.height}.png`,
      });
      await checkA11y();
    });
  });
}

/** Status names on the wall cut short (an ellipsis): none, the column is as wide as the longest. */
function cutStatusNames(region: Locator): Promise<string[]> {
  return region
    .locator('[data-column="status"] strong')
    .evaluateAll((names) =>
      names
        .filter((name) => name.scrollWidth > name.clientWidth + 1)
        .map((name) => name.textContent ?? ""),
    );
}

/** Every body row and the page count line inside the screen, and no room left for one more row. */
async function expectPageFitsScreen(
  page: Page,
  region: Locator,
): Promise<{ rows: number; count: number }> {
  const fit = await page.evaluate(() => {
    const rows = [...document.querySelectorAll("table tbody tr")];
    const summary = document.querySelector("[data-list-summary]");
    return {
      rows: rows.length,
      rowHeight: Math.max(...rows.map((row) => row.getBoundingClientRect().height)),
      lastBottom: rows.at(-1)?.getBoundingClientRect().bottom ?? 0,
      spare:
        window.innerHeight - (summary?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY),
    };
  });
  const paging = await region.evaluate((element) => ({
    page: Number((element as HTMLElement).dataset.page),
    count: Number((element as HTMLElement).dataset.pageCount),
  }));
  expect(fit.spare, "page count inside the screen").toBeGreaterThanOrEqual(0);
  if (paging.page < paging.count) {
    expect(fit.spare, "room for one more row").toBeLessThan(fit.rowHeight + 8);
  }
  return { rows: fit.rows, count: paging.count };
}

/** The page shows as many rows as fit (or is the last one), its page count inside the screen. */
async function pageFilled(page: Page, region: Locator): Promise<boolean> {
  const fit = await page.evaluate(() => {
    const rows = [...document.querySelectorAll("table tbody tr")];
    const summary = document.querySelector("[data-list-summary]");
    return {
      rowHeight: Math.max(...rows.map((row) => row.getBoundingClientRect().height)),
      spare:
        window.innerHeight - (summary?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY),
    };
  });
  const last = await region.evaluate(
    (element) =>
      (element as HTMLElement).dataset.page === (element as HTMLElement).dataset.pageCount,
  );
  return fit.spare >= 0 && (last || fit.spare < fit.rowHeight + 8);
}

/** The catalog's translation of each English text (src/client/locales/<lang>/messages.po). */
function catalog(lang: string, texts: readonly string[]): string[] {
  const po = readFileSync(`src/client/locales/${lang}/messages.po`, "utf8");
  return texts.map((text) => {
    const found = new RegExp(`^msgid "${text}"\\nmsgstr "(.*)"$`, "m").exec(po);
    if (!found?.[1]) throw new Error(`${lang}: no translation of ${text}`);
    return found[1];
  });
}

const STATUS_NAMES = [
  "In preparation",
  "Ready",
  "Ready to send",
  "Issued",
  "Sent",
  "Revision",
  "Cancelled",
  "Attention required",
  "Delay",
  "In progress",
  "Received",
] as const;

/**
 * Issue 26: at 1280x720 status names were cut ("Revis…"). The status column is as wide as the
 * longest status name of the language with its timing chip: no name cut or wrapped, type at
 * 22 px and more, in Spanish and Portuguese (English above; Mexican Spanish names its statuses
 * as Spanish does, checked on the catalogs).
 */
test.describe("status names on a 1280x720 wall in every language", () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("mx status names are the es ones (the es wall covers them)", () => {
    expect(catalog("mx", STATUS_NAMES)).toEqual(catalog("es", STATUS_NAMES));
  });

  for (const lang of ["es", "pt"] as const) {
    for (const wall of [
      { user: "kiosk", path: "/expeditions" },
      { user: "kioskrec", path: "/receptions" },
    ] as const) {
      test.describe(`${lang} ${wall.path}`, () => {
        test.use({ lang });

        test(`${wall.user}: whole status names, one line`, async ({ page, loginAs }) => {
          test.setTimeout(120_000);
          await loginAs(wall.user);
          const today = DateTime.now().toISODate();
          // The rotation turns every 10 s: the wall's clock stands still once the page is up.
          await page.clock.install();
          await page.goto(`${wall.path}?booked_date_after=${today}&booked_date_before=${today}`);
          const region = page.locator('section[data-presentation="kiosk"]');
          const names = region.locator('[data-column="status"] strong');
          await expect(names.first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
          await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
          const known = catalog(lang, STATUS_NAMES);
          for (const name of await names.allTextContents()) expect(known).toContain(name);
          // The column is sized once measured: poll until no name is cut.
          await expect.poll(() => cutStatusNames(region)).toEqual([]);
          const measured = await names.evaluateAll((elements) =>
            elements.map((name) => ({
              size: Number.parseFloat(getComputedStyle(name).fontSize),
              lines: Math.round(
                name.getBoundingClientRect().height /
                  Number.parseFloat(getComputedStyle(name).lineHeight),
              ),
            })),
          );
          for (const name of measured) {
            expect(name.size, "status text px").toBeGreaterThanOrEqual(22);
            expect(name.lines, "status name lines").toBeLessThanOrEqual(1);
          }
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, "the wall scrolls sideways").toBeLessThanOrEqual(0);
          // Once the status column is sized, rows may get shorter and the page is re-cut.
          await expect.poll(() => pageFilled(page, region)).toBe(true);
          await expectPageFitsScreen(page, region);
          await page.screenshot({
            path: `test-results/screenshots/kiosk-${wall.path.slice(1)}-1280x720-${lang}.png`,
          });
        });
      });
    }
  }
});

/**
 * Issue 26: the critical lines wall paged by 10 whatever the screen: its page holds the rows
 * the screen shows whole, as the lines walls (ui/list/use-rows-that-fit.ts).
 */
test.describe("critical lines wall fits its screen", () => {
  test.use({ lang: "en" });

  for (const size of [
    { width: 1920, height: 1080 },
    { width: 1280, height: 720 },
  ] as const) {
    test(`${size.width}x${size.height}: rows per page from the screen height`, async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await loginAs("kiosk");
      // The trw company's wall (its critical lines), as the change-company dialog leaves it.
      await page.evaluate(() => {
        const groups =
          (
            JSON.parse(localStorage.getItem("user") ?? "{}") as {
              user?: { groups?: { id: number; name: string }[] };
            }
          ).user?.groups ?? [];
        const trw = groups.find((group) => group.name === "TRW Logistics");
        if (!trw) throw new Error("kiosk is not in TRW");
        localStorage.setItem("group", JSON.stringify(trw));
        localStorage.setItem("company", String(trw.id));
      });
      await page.goto("/critical-lines");
      await waitForPrivatePage(page);
      const screen = new CriticalLinesScreen(page);
      await screen.expectList();
      const region = page.getByRole("region", { name: "Critical lines" });
      const rows = screen
        .table()
        .getByRole("row")
        .filter({ has: page.getByRole("cell") });
      await expect(rows.first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
      const total = Number(
        /(\d+) critical lines?/.exec(
          (await region.locator("[data-list-summary]").textContent()) ?? "",
        )?.[1],
      );
      // Measured, the page is re-cut: poll until the page count agrees with the rows shown.
      await expect
        .poll(async () => {
          const { rows: shown, count } = await expectPageFitsScreen(page, region);
          return count === Math.max(1, Math.ceil(total / shown));
        })
        .toBe(true);
      for (const row of await rows.all()) await expect(row).toBeInViewport({ ratio: 1 });
      const fit = await expectPageFitsScreen(page, region);
      test.info().annotations.push({
        type: "measured",
        description: `critical lines ${size.width}x${size.height}: ${fit.rows} rows a page, ${fit.count} pages of ${total}`,
      });
      await page.screenshot({
        path: `test-results/screenshots/kiosk-critical-lines-${size.width}x${size.height}.png`,
      });
    });
  }
});
