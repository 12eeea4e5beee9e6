import type { Locator, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { expect, test } from "./fixtures";
import { PAGE_LOAD_TIMEOUT } from "./page-models";
import { SHIPMENT_LABELS, ShipmentsApi, ShipmentsListPage } from "./shipments-page-model";
import { demoDayClock } from "./yard-time-zone";

/**
 * A fork-lift driver's start on a touch tablet (issue 26): the sign-in opens straight onto
 * today's expeditions (not the home menu, not yesterday's lines), on the page holding the next
 * line due from the tablet's clock, that line in view; its status and reason are changed in at
 * most 3 taps, the server getting both. The tablet's clock is set (Playwright's clock) to a
 * few minutes before one of the demo day's lines on the second page, so the journey holds at
 * any time of day. The line's status and reason are put back afterwards (other journeys read
 * the demo's lines of today).
 */
test.describe.configure({ mode: "serial" });
test.use({ lang: "en", hasTouch: true, isMobile: false });

const IN_PREPARATION = 998;
const REVISION = 4;
const MISSING = "MISSING";
const MAX_TAPS = 3;
/** Line cards per page (PAGE_SIZE.lists). */
const CARDS_PER_PAGE = 10;
/** The clock is set this long before the chosen line (other lines are 30 min apart or more). */
const LEAD = { minutes: 10 };

interface Booked {
  booked_date: string;
}

/**
 * The index of the line to be due next: the first on the second page booked later than the
 * one before it (so the clock fits between the two), else the latest such line of the day.
 */
function nextDueIndex(todays: readonly Booked[]): number {
  const later = (index: number) =>
    Date.parse(todays[index]?.booked_date ?? "") > Date.parse(todays[index - 1]?.booked_date ?? "");
  for (let index = CARDS_PER_PAGE; index < todays.length; index++) if (later(index)) return index;
  for (let index = Math.min(CARDS_PER_PAGE, todays.length) - 1; index > 0; index--)
    if (later(index)) return index;
  return 0;
}

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
  test(`${tablet.width}x${tablet.height} (${tablet.name}): signs in onto the next line due today, status and reason in ${MAX_TAPS} taps`, async ({
    page,
    request,
    loginAs,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: tablet.width, height: tablet.height });
    // The demo's day (its 27 lines, three pages), also once a run set to 23:59 has crossed the
    // yard's midnight: the next day holds a handful, the next due on the first page's foot.
    const today = DateTime.fromJSDate(demoDayClock()).toISODate();
    const api = await ShipmentsApi.login(request, "forklift");
    const [company] = (await api.profile()).companies;
    if (company === undefined) throw new Error("forklift has no company");
    const todays = (await api.list("expeditions", company)).results
      .filter((line) => DateTime.fromISO(line.booked_date).toISODate() === today)
      .sort((a, b) => a.booked_date.localeCompare(b.booked_date) || a.id - b.id);
    const index = nextDueIndex(todays);
    const first = todays[index];
    if (!first) throw new Error("the demo has no expedition today");
    const expectedPage = Math.floor(index / CARDS_PER_PAGE) + 1;
    // The tablet's clock: shortly before that line, whatever the real time of day.
    const clock = DateTime.fromISO(first.booked_date).minus(LEAD);
    await page.clock.install({ time: clock.toJSDate() });
    await api.patch("expeditions", company, first.code, { status: IN_PREPARATION });

    try {
      // No navigation at all: the sign-in lands on today's expeditions, on the next due's page.
      await loginAs("forklift", { form: true });
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === "/expeditions" &&
          url.searchParams.get("booked_date_after") === today &&
          url.searchParams.get("booked_date_before") === today &&
          url.searchParams.get("due") === null &&
          (url.searchParams.get("page") ?? "1") === String(expectedPage),
      );
      const list = new ShipmentsListPage(page, "expeditions");
      await list.waitForLines();
      await expect(list.table).toHaveCount(0);
      // Today's lines only, in booking order: the cards are the page holding the next due.
      const pageStart = (expectedPage - 1) * CARDS_PER_PAGE;
      const pageLines = todays.slice(pageStart, pageStart + CARDS_PER_PAGE).map((l) => l.code);
      const headings = list.cards.getByRole("listitem").getByRole("heading");
      await expect(headings).toHaveText(pageLines, { timeout: PAGE_LOAD_TIMEOUT });

      const card = list.row(first.code);
      const status = card.getByRole("combobox", { name: SHIPMENT_LABELS.statusOf(first.code) });
      await expect(status).toHaveValue(String(IN_PREPARATION), { timeout: PAGE_LOAD_TIMEOUT });
      await expectInViewport(page, list.cardTitle(first.code), "next due line's delivery note");
      await expectInViewport(page, status, "next due line's status");
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
