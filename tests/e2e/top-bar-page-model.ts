import { expect, type Locator, type Page } from "@playwright/test";
import { LABELS } from "./page-models";

/** The text of the top bar's "More" button in each language (and Menu on phones). */
export const MORE = /^(more|más|mais)$/i;
export const MENU = /^(menu|menú)$/i;

/** A box on screen (Playwright's boundingBox). */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The office top bar (features/shell/top-bar.tsx): brand, Main tabs (with "More" when they do
 * not fit, a "Menu" button on phones), sync state, greeting and User Config.
 */
export class TopBar {
  readonly header: Locator;
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole("banner");
    this.nav = page.getByRole("navigation", { name: LABELS.mainNav });
  }

  /** The tab links shown in the bar. */
  tabs(): Locator {
    return this.nav.getByRole("link");
  }

  /** Where the bar's tab links lead, in order. */
  hrefs(): Promise<string[]> {
    return this.tabs().evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  }

  more(): Locator {
    return this.nav.getByRole("button", { name: MORE });
  }

  phoneMenu(): Locator {
    return this.nav.getByRole("button", { name: MENU });
  }

  menu(): Locator {
    return this.page.getByRole("menu");
  }

  menuItems(): Locator {
    return this.menu().getByRole("menuitem");
  }

  userConfig(): Locator {
    return this.header.getByRole("button", { name: LABELS.userConfig });
  }

  /** The online/offline dot (NetworkDot). */
  networkStatus(): Locator {
    return this.header.getByRole("status").first();
  }

  greeting(): Locator {
    return this.header.getByText(/^(hi|hola|olá),? /i);
  }

  /** Boxes of every visible item of the bar: brand, tabs, More/Menu, status, greeting, menu. */
  async itemBoxes(): Promise<Box[]> {
    const items = [
      this.header.getByRole("link", { name: "Yardline" }),
      ...(await this.tabs().all()),
      ...(await this.more().all()),
      ...(await this.phoneMenu().all()),
      this.networkStatus(),
      this.greeting(),
      this.userConfig(),
    ];
    const boxes: Box[] = [];
    for (const item of items) {
      const box = await item.boundingBox();
      if (box === null) throw new Error(`${item} has no box`);
      boxes.push(box);
    }
    return boxes;
  }

  /**
   * One row: the header is one row high, and every item shares one horizontal band (each
   * item's top is above every other's bottom) inside the viewport.
   */
  async expectOneRow(): Promise<void> {
    const header = await this.header.boundingBox();
    expect(header).not.toBeNull();
    const boxes = await this.itemBoxes();
    const lowestTop = Math.max(...boxes.map((box) => box.y));
    const highestBottom = Math.min(...boxes.map((box) => box.y + box.height));
    expect(lowestTop, "every item on one band").toBeLessThan(highestBottom);
    // One row: 44 px targets plus the bar's padding, nowhere near two rows.
    expect(header?.height ?? 0).toBeLessThanOrEqual(64);
    const width = this.page.viewportSize()?.width ?? 0;
    for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  }

  /** Document wider than the window (a sideways scroll). */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
  }
}
