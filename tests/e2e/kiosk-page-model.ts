import { expect, type Locator, type Page } from "@playwright/test";
import { KIOSK_ADVANCE_MS } from "../../src/shared/constants";
import { LABELS, PAGE_LOAD_TIMEOUT } from "./page-models";

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
   * Runs the kiosk's ticks (Playwright's clock) until the rotation is back on `path`: the other
   * wall screens of the rotation (indicators, critical lines) come between its passes.
   */
  async tickUntil(path: string, maxTicks = 12): Promise<void> {
    for (let tick = 0; tick < maxTicks; tick += 1) {
      const before = this.page.url();
      if (new URL(before).pathname === path) return;
      await this.page.clock.runFor(KIOSK_ADVANCE_MS);
      await expect
        .poll(() => this.page.url())
        .not.toBe(before)
        .catch(() => undefined);
    }
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
