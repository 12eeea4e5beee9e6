import type { Locator, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { expect, test } from "./fixtures";
import { PAGE_LOAD_TIMEOUT } from "./page-models";
import { SHIPMENT_LABELS, ShipmentsApi, ShipmentsListPage } from "./shipments-page-model";

/**
 * A fork-lift driver's start on a touch tablet (issue 26): the sign-in opens straight onto
 * today's expeditions, earliest booking first (not the home menu, not yesterday's lines), and
 * the status and reason of the first line in view are changed in at most 3 taps, the server
 * getting both. The line's status and reason are put back afterwards (other journeys read the
 * demo's lines of today).
 */
test.describe.configure({ mode: "serial" });
test.use({ lang: "en", hasTouch: true, isMobile: false });

const IN_PREPARATION = 998;
const REVISION = 4;
const MISSING = "MISSING";
const MAX_TAPS = 3;

const TABLETS = [
  { name: "landscape", width: 1024, height: 768 },
  { name: "portrait", width: 768, height: 1024 },
] as const;

async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what}: no box`);
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height);
}

for (const tablet of TABLETS) {
  test(`${tablet.width}x${tablet.height} (${tablet.name}): signs in onto today's lines, status and reason in ${MAX_TAPS} taps`, async ({
    page,
    request,
    loginAs,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: tablet.width, height: tablet.height });
    const today = DateTime.local().toISODate();
    const api = await ShipmentsApi.login(request, "forklift");
    const [company] = (await api.profile()).companies;
    if (company === undefined) throw new Error("forklift has no company");
    const todays = (await api.list("expeditions", company)).results
      .filter((line) => DateTime.fromISO(line.booked_date).toISODate() === today)
      .sort((a, b) => a.booked_date.localeCompare(b.booked_date) || a.id - b.id);
    const first = todays[0];
    if (!first) throw new Error("the demo has no expedition today");
    await api.patch("expeditions", company, first.code, { status: IN_PREPARATION });

    try {
      // No navigation at all: the sign-in lands on today's expeditions.
      await loginAs("forklift");
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === "/expeditions" &&
          url.searchParams.get("booked_date_after") === today &&
          url.searchParams.get("booked_date_before") === today,
      );
      const list = new ShipmentsListPage(page, "expeditions");
      await list.waitForLines();
      await expect(list.table).toHaveCount(0);
      // Today's lines only, in booking order: the cards are the first of today's lines.
      const shown = await list.cards.getByRole("listitem").getByRole("heading").allTextContents();
      expect(shown.length).toBeGreaterThan(0);
      expect(shown).toEqual(todays.slice(0, shown.length).map((line) => line.code));

      const card = list.row(first.code);
      const status = card.getByRole("combobox", { name: SHIPMENT_LABELS.statusOf(first.code) });
      await expect(status).toHaveValue(String(IN_PREPARATION), { timeout: PAGE_LOAD_TIMEOUT });
      await expectInViewport(page, list.cardTitle(first.code), "first line's delivery note");
      await expectInViewport(page, status, "first line's status");
      await page.screenshot({
        path: `test-results/screenshots/forklift-home-${tablet.width}x${tablet.height}.png`,
      });

      // Each tap opens a control's native picker; the choice is made in that picker.
      let taps = 0;
      const tapAndChoose = async (control: Locator, label: string) => {
        await expectInViewport(page, control, "control");
        await control.tap();
        taps += 1;
        await control.selectOption({ label });
        await control.evaluate((element) => (element as HTMLElement).blur());
      };
      await tapAndChoose(status, "Revision");
      const reason = card.getByRole("combobox", { name: SHIPMENT_LABELS.reasonOf(first.code) });
      await tapAndChoose(reason, "Packages missing");
      expect(taps, "taps from sign-in to status and reason").toBeLessThanOrEqual(MAX_TAPS);
      await list.waitUntilSaved(first.code);
      await expect
        .poll(async () => {
          const line = await api.byCode("expeditions", company, first.code);
          return [line.status.id, line.reason?.code ?? null];
        })
        .toEqual([REVISION, MISSING]);
      await page.screenshot({
        path: `test-results/screenshots/forklift-home-${tablet.width}x${tablet.height}-line.png`,
      });
    } finally {
      await api.patch("expeditions", company, first.code, { status: first.status.id });
      await api.patch("expeditions", company, first.code, { reason: first.reason?.code ?? null });
    }
  });
}
