import { expect, type Locator, type Page } from "@playwright/test";
import { LABELS } from "./page-models";

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

  /** The service worker has precached the app shell (so a kiosk may reload). */
  async waitForCachedShell(): Promise<void> {
    await expect
      .poll(() =>
        this.page.evaluate(async () =>
          Boolean(await caches.match("/index.html", { ignoreSearch: true })),
        ),
      )
      .toBe(true);
  }

  /** The list shows rows, no error screen, and the URL holds today's dates. */
  async expectList(title: string, path: string, today: string): Promise<void> {
    await expect(this.heading(title)).toBeVisible();
    await expect(this.rows().first()).toBeVisible();
    await expect(this.errorScreen()).toHaveCount(0);
    const url = new URL(this.page.url());
    expect(url.pathname).toBe(path);
    expect(url.searchParams.get("booked_date_after")).toBe(today);
    expect(url.searchParams.get("booked_date_before")).toBe(today);
  }
}
