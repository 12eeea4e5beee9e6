import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { KIOSK_ADVANCE_MS } from "../../src/shared/constants";
import { apiAs } from "./api-as";
import { DEMO_PASSWORD } from "./demo-users";
import { LABELS, LoginPage, PAGE_LOAD_TIMEOUT } from "./page-models";

/** The ticks the kiosk rotation exposes on <html> (features/kiosk/use-kiosk-rotation.ts). */
declare global {
  interface Window {
    /** Set by the test; a full reload loses it. */
    kioskDocumentMark?: string;
  }
}

/**
 * A kiosk wall display (features/kiosk): the chrome-less layout with the rotating list pages.
 * English texts (tests use `lang: "en"`).
 */
export class KioskScreen {
  constructor(readonly page: Page) {}

  /** The list page's title, e.g. "Expeditions". */
  heading(name: string): Locator {
    return this.page.getByRole("heading", { level: 1, name, exact: true });
  }

  table(): Locator {
    return this.page.getByRole("table", { name: "Shipment lines" });
  }

  /** Body rows of the list (rows with cells, not the header row). */
  rows(): Locator {
    return this.table()
      .getByRole("row")
      .filter({ has: this.page.getByRole("cell") });
  }

  columnHeaders(): Locator {
    return this.table().getByRole("columnheader");
  }

  /** "Offline, updated hh:mm" of the list header. */
  offlineMarker(): Locator {
    return this.page.getByRole("status").filter({ hasText: /^Offline, / });
  }

  /** The corner holding the User Config menu, the kiosk's only chrome. */
  corner(): Locator {
    return this.page.getByRole("complementary", { name: "Kiosk menu" });
  }

  userConfig(): Locator {
    return this.corner().getByRole("button", { name: LABELS.userConfig });
  }

  /** The top bar's tabs; a kiosk has none. */
  mainNav(): Locator {
    return this.page.getByRole("navigation", { name: LABELS.mainNav });
  }

  /** What an error screen would say: the router's default one or the kiosk's calm fallback. */
  errorScreen(): Locator {
    return this.page.getByText(/something went wrong|one moment/i);
  }

  async theme(): Promise<string | undefined> {
    return this.page.evaluate(() => document.documentElement.dataset.theme);
  }

  async ticks(): Promise<number> {
    return this.page.evaluate(() => Number(document.documentElement.dataset.kioskTicks ?? 0));
  }

  /** Marks the current document; `isSameDocument` is false once the page has reloaded. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      window.kioskDocumentMark = "before";
    });
  }

  async isSameDocument(): Promise<boolean> {
    return this.page.evaluate(() => window.kioskDocumentMark === "before");
  }

  /**
   * An in-app navigation as a back/forward would do it (the router follows popstate), so the
   * route's lazy chunk loads now, whatever the network.
   */
  async navigateInApp(path: string): Promise<void> {
    await this.page.evaluate((target) => {
      window.history.pushState(window.history.state, "", target);
      window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
    }, path);
  }

  /**
   * The service worker has precached the app (so a kiosk may reload): it is active, which it
   * only becomes once every precached file (each route's chunks too) is in the cache; the
   * shell alone may land before the rest of the install.
   */
  async waitForCachedShell(): Promise<void> {
    await expect
      .poll(
        () =>
          this.page.evaluate(async () => {
            const registration = await navigator.serviceWorker?.getRegistration();
            const shell = await caches.match("/index.html", { ignoreSearch: true });
            return Boolean(registration?.active) && Boolean(shell);
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
  }

  /**
   * Stops the page's clock (installed with page.clock.install) a second from now: from here on
   * time moves only when the test runs it, so each KIOSK_ADVANCE_MS run is one tick. Without it
   * the installed clock also flows with real time, and a slow machine (a screenshot, a busy CI
   * worker) lets a tick of its own pass between two of the test's: a screen is skipped. The
   * page's time, not the worker's: it may stand on the demo's day (demoDayClock).
   */
  async pauseClock(): Promise<void> {
    await this.page.clock.pauseAt(await this.page.evaluate(() => Date.now() + 1_000));
  }

  /**
   * One tick of the rotation (Playwright's clock): first waits for the page change of the tick
   * before to finish, since the rotation drops a tick that comes meanwhile (data-kiosk-moving).
   */
  async tick(): Promise<void> {
    // A move loads a page (its chunk, its data): a page load's time, not an assertion's 7 s
    // (CI: a busy machine's move still under way after 7 s).
    await expect(this.page.locator("html")).not.toHaveAttribute("data-kiosk-moving", "true", {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await this.page.clock.runFor(KIOSK_ADVANCE_MS);
  }

  /**
   * Runs the kiosk's ticks (Playwright's clock) until the rotation is back on `path`: the other
   * wall screens of the rotation (indicators, critical lines) come between its passes.
   */
  async tickUntil(path: string, maxTicks = 12): Promise<void> {
    for (let tick = 0; tick < maxTicks; tick += 1) {
      const before = this.page.url();
      if (new URL(before).pathname === path) return;
      await this.tick();
      await expect
        .poll(() => this.page.url())
        .not.toBe(before)
        .catch(() => undefined);
    }
  }

  /**
   * After a tick: the list when the rotation is on `path`, another screen of the rotation
   * otherwise; read again when the rotation moved on meanwhile. A journey whose clock flows
   * with real time (the offline list needs the page's timers) can see a tick of the page's own
   * on a busy machine between reading the URL and checking the list (CI: the list expected,
   * the indicators on show).
   */
  async expectListOrRotating(title: string, path: string, today: string): Promise<void> {
    await expect(async () => {
      if (new URL(this.page.url()).pathname === path) await this.expectList(title, path, today);
      else await this.expectRotating();
    }).toPass({ timeout: 3 * PAGE_LOAD_TIMEOUT });
  }

  /** Ticks until the rotation shows `path`'s list, again if a tick of its own moved it on. */
  async tickUntilList(title: string, path: string, today: string): Promise<void> {
    await expect(async () => {
      await this.tickUntil(path);
      await this.expectList(title, path, today);
    }).toPass({ timeout: 3 * PAGE_LOAD_TIMEOUT });
  }

  /** Some screen of the rotation is on show: its title, and no error screen. */
  async expectRotating(): Promise<void> {
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(this.errorScreen()).toHaveCount(0);
  }

  /** The list shows rows, no error screen, and the URL holds today's dates. */
  async expectList(title: string, path: string, today: string): Promise<void> {
    await expect(this.heading(title)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    // The first rows of a cold start (sign-in, mirror, first query) may take a while.
    await expect(this.rows().first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expect(this.errorScreen()).toHaveCount(0);
    const url = new URL(this.page.url());
    expect(url.pathname).toBe(path);
    expect(url.searchParams.get("booked_date_after")).toBe(today);
    expect(url.searchParams.get("booked_date_before")).toBe(today);
  }
}

/** Delivery notes of the demo expeditions (src/server/db/demo-shipments.ts: ALB-...). */
const DELIVERY_NOTE = /\bALB-\d+\b/g;

/**
 * The wall's chrome and rotation (features/kiosk/kiosk-bar.tsx): the compact bar whose labels
 * name the rotation's screens, the list page on screen, and what the wall shows.
 */
export class KioskWall extends KioskScreen {
  /** The bar's screen labels (not links), in rotation order. */
  screens(): Locator {
    return this.page.getByRole("list", { name: "Kiosk screens" }).getByRole("listitem");
  }

  /** The bar's screen labels in any language (the bar is the wall's one banner). */
  barScreens(): Locator {
    return this.page.getByRole("banner").getByRole("listitem");
  }

  /** The label of the screen on show (aria-current="page"). */
  currentScreen(): Locator {
    return this.screens().and(this.page.locator('[aria-current="page"]'));
  }

  /** The list page in the URL (1 when none). */
  listPage(): number {
    return Number(new URL(this.page.url()).searchParams.get("page") ?? 1);
  }

  /**
   * Every line code the wall shows now, in order: the "Delivery note" column of the rows on
   * screen, whatever made the line (demo ALB-..., or a line another journey booked for today).
   */
  async lineCodes(): Promise<string[]> {
    return this.page.getByRole("main").evaluate((main) => {
      const table = main.querySelector("table");
      if (!table) return [];
      const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
      const column = heads.indexOf("Delivery note");
      if (column < 0) return [];
      return [...table.querySelectorAll<HTMLTableRowElement>("tbody tr")]
        .filter((row) => row.offsetParent !== null)
        .map((row) => (row.cells[column]?.innerText ?? "").trim())
        .filter((code) => code !== "");
    });
  }

  /** The delivery notes the wall shows now, in order. */
  async deliveryNotes(): Promise<string[]> {
    // The rendered text (cells apart), as the wall shows it.
    // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not the DOM's text
    const text = await this.page.getByRole("main").innerText();
    return text.match(DELIVERY_NOTE) ?? [];
  }

  /** Links anywhere on the page (a wall has none). */
  links(): Locator {
    return this.page.getByRole("link");
  }

  /** How far the document is wider than the window (a sideways scroll when > 0). */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  }

  /** The smallest font size of the delivery notes' text on the wall, in CSS px. */
  async smallestNoteFontSize(): Promise<number> {
    return this.page.getByRole("main").evaluate((main) => {
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      let smallest = Number.POSITIVE_INFINITY;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!/ALB-\d+/.test(node.textContent ?? "") || !node.parentElement) continue;
        smallest = Math.min(
          smallest,
          Number.parseFloat(getComputedStyle(node.parentElement).fontSize),
        );
      }
      return smallest;
    });
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
  }
}

/** What a wall's list shows on screen (KioskScreen.wallFit). */
export interface WallFit {
  /** Body rows on the page, and the tallest one's height. */
  rows: number;
  rowHeight: number;
  /** Rows taller than one line of their cells' text (a wrapped name). */
  tallRows: number;
  /** The smallest body cell font size, in CSS px. */
  fontSize: number;
  /** How far the document, and the table's right edge, pass the window's width. */
  overflow: number;
  tableOverflow: number;
  /** Room under the page count line ("page 1 of 2"); negative when it is below the screen. */
  spare: number;
  /** The list's page and page count (data-page, data-page-count). */
  page: number;
  pageCount: number;
}

/** Header words of a wall (KioskScreen.wallHeaders). */
export interface WallHeaders {
  texts: string[];
  /** Words split over two lines ("Urge / nte"). */
  broken: string[];
  /** Headers cut with an ellipsis, and those of them without their whole name as a title. */
  cut: string[];
  cutWithoutTitle: string[];
}

/** The wall's list on screen: `region` is its root (the section with data-page-count). */
export function wallFit(region: Locator): Promise<WallFit> {
  return region.evaluate((root) => {
    const rows = [...root.querySelectorAll<HTMLElement>("table tbody tr")];
    const cells = [...root.querySelectorAll<HTMLElement>("table tbody td")];
    const summary = root.querySelector("[data-list-summary]");
    const table = root.querySelector("table");
    const lineOf = (cell: HTMLElement) => {
      const style = getComputedStyle(cell);
      const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
      return line + Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    };
    const oneLine = cells.length > 0 ? Math.max(...cells.map(lineOf)) : 0;
    const heights = rows.map((row) => row.getBoundingClientRect().height);
    return {
      rows: rows.length,
      rowHeight: heights.length > 0 ? Math.max(...heights) : 0,
      // A row holds larger parts (a chip, a 44 px status) at most 1.5 lines high, never two.
      tallRows: heights.filter((height) => height > oneLine * 1.5).length,
      fontSize:
        cells.length > 0
          ? Math.min(...cells.map((cell) => Number.parseFloat(getComputedStyle(cell).fontSize)))
          : 0,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      tableOverflow: table
        ? table.getBoundingClientRect().right - document.documentElement.clientWidth
        : 0,
      spare:
        window.innerHeight - (summary?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY),
      page: Number((root as HTMLElement).dataset.page),
      pageCount: Number((root as HTMLElement).dataset.pageCount),
    };
  });
}

/**
 * Each column header's words as laid out: a word whose letters sit on two lines is broken
 * inside (its range has boxes at two heights); a header wider than its cell is cut.
 */
export function wallHeaders(region: Locator): Promise<WallHeaders> {
  return region.evaluate((root) => {
    const result = { texts: [] as string[], broken: [] as string[], cut: [] as string[] };
    const cutWithoutTitle: string[] = [];
    for (const th of root.querySelectorAll<HTMLElement>("table thead th")) {
      const text = (th.textContent ?? "").trim();
      result.texts.push(text);
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set(
            [...range.getClientRects()]
              .filter((box) => box.width > 0)
              .map((box) => Math.round(box.top)),
          );
          if (tops.size > 1) result.broken.push(word[0]);
        }
      }
      if (th.scrollWidth > th.clientWidth + 1) {
        result.cut.push(text);
        if (th.title !== text) cutWithoutTitle.push(text);
      }
    }
    return { ...result, cutWithoutTitle };
  });
}

/**
 * The whole page fits the wall: nothing sideways, type for five metres (`minFont` px), every row
 * one line and in view with the page count line under it, and (unless it is the last page) no
 * room for one more row: rows per page come from the screen height.
 */
export async function expectWallFits(region: Locator, minFont: number): Promise<WallFit> {
  const fit = await wallFit(region);
  expect(fit.rows, "rows on the wall").toBeGreaterThan(0);
  expect(fit.overflow, "the wall scrolls sideways").toBeLessThanOrEqual(0);
  expect(fit.tableOverflow, "table past the right edge").toBeLessThanOrEqual(0);
  expect(fit.fontSize, "row text px").toBeGreaterThanOrEqual(minFont);
  expect(fit.tallRows, "rows wrapped onto two lines").toBe(0);
  expect(fit.spare, "page count inside the screen").toBeGreaterThanOrEqual(0);
  if (fit.page < fit.pageCount) {
    expect(fit.spare, "room for one more row").toBeLessThan(fit.rowHeight + 8);
  }
  for (const row of await region.locator("table tbody tr").all()) {
    await expect(row).toBeInViewport({ ratio: 1 });
  }
  await expect(region.locator("[data-list-summary]")).toBeInViewport({ ratio: 1 });
  return fit;
}

/** A wall's headers break between words only; one cut short carries its name as a title. */
export async function expectWholeHeaderWords(region: Locator): Promise<WallHeaders> {
  const headers = await wallHeaders(region);
  expect(headers.texts.length, "column headers").toBeGreaterThan(0);
  expect(headers.broken, "header words broken inside").toEqual([]);
  expect(headers.cutWithoutTitle, "headers cut without their name as a title").toEqual([]);
  return headers;
}

/** The trw demo company: its walls include the critical lines. */
export const WALL_COMPANY = "TRW Logistics";

/**
 * A wall that shows every screen of the rotation (spec section 9: trucks, expeditions,
 * receptions, indicators, alerts, critical lines): a kiosk account that also holds the
 * warehouse responsible's role. The route guard's first rule (admin, office, warehouse
 * responsible: all routes) lets it open /trucks, which the kiosk rule alone refuses; the kiosk
 * role keeps it a wall (kiosk layout, rotation) and its prohibitions (every role must allow a
 * permission) keep it read-only. Created in the trw company with `trucks` trucks arrived now,
 * so the trucks wall has more than a page whatever the hour. Returns the username.
 */
export async function createYardWall(request: APIRequestContext, trucks: number): Promise<string> {
  const admin = await apiAs(request, "admin", WALL_COMPANY);
  const run = Date.now().toString(36);
  const username = `wall.${run}`;
  const user = await admin.send("post", "/api/user", {
    username,
    first_name: "Yard",
    last_name: "Wall",
    password: DEMO_PASSWORD,
    roles: ["kiosk", "warehouseResp"],
  });
  expect(user.status, user.body).toBe(201);
  for (let index = 0; index < trucks; index += 1) {
    const plate = `W${run}${String(index).padStart(2, "0")}`.toUpperCase();
    const truck = await admin.send("post", "/api/shipper", {
      plate,
      // A long carrier name: the wall cuts it on one line rather than wrap the row.
      name: index % 3 === 0 ? "TRANSPORTES HERMANOS GARCÍA DEL NORTE" : `CARRIER ${index}`,
    });
    expect(truck.status, truck.body).toBe(201);
  }
  return username;
}

/** Signs the wall in (any language's login page); it lands wherever the guard leads it. */
export async function signInWall(page: Page, username: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.fill(username, DEMO_PASSWORD);
  await login.submit();
  await expect(page).not.toHaveURL(/\/login/, { timeout: PAGE_LOAD_TIMEOUT });
}
