import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ShipmentsApi as HistoryApi, PatchLog } from "./offline-sync-page-model";
import { PAGE_LOAD_TIMEOUT } from "./page-models";
import { SHIPMENT_LABELS, ShipmentsApi, ShipmentsListPage } from "./shipments-page-model";

// Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
test.use({ serviceWorkers: "allow" });

/**
 * A fork-lift driver on a tablet (issue 10): line cards, no sideways scrolling, the delivery
 * note in view beside the status and reason controls while they are used, online and offline
 * (status then reason of one line, queued, each reaching the server once and in order).
 * Each viewport owns two seeded lines of the plain company.
 */
test.describe.configure({ mode: "parallel" });
test.use({ lang: "en", hasTouch: true, isMobile: false });

const IN_PREPARATION = 998;
const REVISION = 4;
const MISSING = "MISSING";
const DOCS = "DOCS";

const TABLETS = [
  { name: "landscape", width: 1024, height: 768, online: "ALB-101040", offline: "ALB-101041" },
  { name: "portrait", width: 768, height: 1024, online: "ALB-101042", offline: "ALB-101043" },
] as const;

/** Nothing on the page scrolls sideways. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, "document scrollWidth <= clientWidth").toBeLessThanOrEqual(client);
}

/** The box lies wholly inside the viewport. */
async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what}: no box`);
  expect(box.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height);
}

/**
 * Taps the control (with the line's delivery note in view as it is tapped), then chooses the
 * option: a touch on the native select, then the choice the picker would make.
 */
async function tapAndChoose(
  list: ShipmentsListPage,
  code: string,
  control: Locator,
  label: string,
): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expectInViewport(list.page, control, `${code}'s control`);
  await expectInViewport(list.page, list.cardTitle(code), `${code}'s delivery note`);
  const box = await control.boundingBox();
  expect(box?.height ?? 0, "touch target height").toBeGreaterThanOrEqual(44);
  await control.tap();
  await control.selectOption({ label });
  // The native picker the tap opened closes once the choice is made (as a finger's would).
  await control.evaluate((element) => (element as HTMLElement).blur());
  await expectInViewport(list.page, list.cardTitle(code), `${code}'s delivery note after`);
  await expectNoHorizontalScroll(list.page);
}

for (const tablet of TABLETS) {
  test.describe(`${tablet.width}x${tablet.height} tablet (${tablet.name})`, () => {
    test.use({ viewport: { width: tablet.width, height: tablet.height } });

    test("forklift sees lines first, searches a delivery note and changes its status and reason", async ({
      page,
      request,
      loginAs,
      checkA11y,
    }) => {
      test.setTimeout(240_000);
      const code = tablet.online;
      const api = await ShipmentsApi.login(request, "forklift");
      const [company] = (await api.profile()).companies;
      if (company === undefined) throw new Error("forklift has no company");
      await api.patch("expeditions", company, code, { status: IN_PREPARATION });

      await loginAs("forklift", { landing: false });
      const list = new ShipmentsListPage(page, "expeditions");
      await list.goto();
      await list.waitForLines();
      // Lines, not filters, on the first screen: a search box and a Filters button above them.
      await expect(list.table).toHaveCount(0);
      await expect(list.filtersButton).toBeVisible();
      const first = list.rows().first();
      await expectInViewport(page, first.getByRole("heading"), "first line's delivery note");
      await expectInViewport(page, first.getByRole("combobox").first(), "first line's status");
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: `test-results/screenshots/forklift-${tablet.width}x${tablet.height}.png`,
      });

      // The search box filters the list and keeps the search in the URL.
      await list.search.fill(code);
      await expect(page).toHaveURL(new RegExp(`[?&]search=${code}`));
      await expect(list.rows()).toHaveCount(1, { timeout: PAGE_LOAD_TIMEOUT });
      const card = list.row(code);
      const status = card.getByRole("combobox", { name: SHIPMENT_LABELS.statusOf(code) });
      await expect(status).toHaveValue(String(IN_PREPARATION));
      // axe over the card, its controls and the Filters button (one line: axe is slow on 2 cores).
      await checkA11y();

      await tapAndChoose(list, code, status, "Revision");
      const reason = card.getByRole("combobox", { name: SHIPMENT_LABELS.reasonOf(code) });
      await expect(reason).toHaveValue("");
      await tapAndChoose(list, code, reason, "Packages missing");
      await list.waitUntilSaved(code);
      await expect(list.errorSavingNotice()).toHaveCount(0);
      await expect
        .poll(async () => {
          const line = await api.byCode("expeditions", company, code);
          return [line.status.id, line.reason?.code ?? null];
        })
        .toEqual([REVISION, MISSING]);
      await page.screenshot({
        path: `test-results/screenshots/forklift-${tablet.width}x${tablet.height}-line.png`,
      });
    });

    test("offline, status then reason of one line queue and reach the server once each, in order", async ({
      page,
      context,
      request,
      loginAs,
    }) => {
      test.setTimeout(240_000);
      const code = tablet.offline;
      const office = await HistoryApi.login(request, "office");
      const start = await office.setStatus("expeditions", code, IN_PREPARATION);
      const before = (await office.history(start.id)).length;

      await loginAs("forklift");
      const list = new ShipmentsListPage(page, "expeditions");
      await list.goto({ code });
      await list.waitForLines();
      await expect(list.rows()).toHaveCount(1);
      const card = list.row(code);
      const status = card.getByRole("combobox", { name: SHIPMENT_LABELS.statusOf(code) });
      await expect(status).toHaveValue(String(IN_PREPARATION));
      const log = new PatchLog().watch(page);

      await context.setOffline(true);
      await tapAndChoose(list, code, status, "Revision");
      await expect(list.waitingMark(code)).toBeVisible();
      // The queued status leaves the line editable: its reason is recorded at once.
      const reason = card.getByRole("combobox", { name: SHIPMENT_LABELS.reasonOf(code) });
      await expect(reason).toBeEnabled();
      await tapAndChoose(list, code, reason, "Wrong or missing documents");
      await expect(reason).toHaveValue(DOCS);
      await expect(list.waitingMark(code)).toBeVisible();
      await page.screenshot({
        path: `test-results/screenshots/forklift-${tablet.width}x${tablet.height}-offline.png`,
      });
      const meanwhile = await office.byCode("expeditions", code);
      expect(meanwhile.status.id, "nothing reached the server offline").toBe(IN_PREPARATION);

      await context.setOffline(false);
      await expect(list.waitingMark(code)).toHaveCount(0, { timeout: 20_000 });
      await list.waitUntilSaved(code);
      await expect(list.errorSavingNotice()).toHaveCount(0);

      const line = await office.byCode("expeditions", code);
      expect([line.status.id, line.reason?.code ?? null]).toEqual([REVISION, DOCS]);
      const history = await office.history(line.id);
      expect(history.length - before, "one history entry per change").toBe(2);
      // Newest first: the reason after the status.
      expect(history[1]?.modified_fields.status).toEqual({ old: IN_PREPARATION, new: REVISION });
      expect(history[0]?.modified_fields.reason?.new).toBe(DOCS);
      expect(history[0]?.user?.username).toBe("forklift");
      const answered = log.answeredPerKey();
      expect([...answered.values()], "answered requests per Idempotency-Key").toEqual([1, 1]);
      expect(log.answeredPaths()).toEqual([
        `/api/expedition/${line.id}`,
        `/api/expedition/${line.id}`,
      ]);
      await expect(status).toHaveValue(String(REVISION));
      await expect(page.getByText(SHIPMENT_LABELS.summary)).toBeVisible({
        timeout: PAGE_LOAD_TIMEOUT,
      });
    });
  });
}
