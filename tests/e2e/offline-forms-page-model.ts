import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The sync issues list's conflict card (issue 11): an edit that met someone else's edit of the
 * same fields, with both values per field and a choice. Selectors by role and accessible name
 * (English).
 */
export class ConflictCard {
  readonly card: Locator;

  constructor(
    readonly page: Page,
    readonly label: string,
  ) {
    this.card = page.getByRole("listitem", { name: label, exact: true });
  }

  /** Each field's row as [field, yours, on the server]. */
  async rows(): Promise<string[][]> {
    const rows = this.card.locator("tbody tr");
    const out: string[][] = [];
    for (const row of await rows.all()) {
      const cells = row.locator("th, td");
      out.push((await cells.allInnerTexts()).slice(0, 3).map((text) => text.trim()));
    }
    return out;
  }

  keepMine(field: string): Locator {
    return this.page.getByRole("button", { name: `Keep mine: ${field} of ${this.label}` });
  }

  keepTheirs(field: string): Locator {
    return this.page.getByRole("button", { name: `Keep theirs: ${field} of ${this.label}` });
  }

  keepAllMine(): Locator {
    return this.page.getByRole("button", { name: `Keep all mine for ${this.label}` });
  }

  keepAllTheirs(): Locator {
    return this.page.getByRole("button", { name: `Keep all theirs for ${this.label}` });
  }

  /** Every choice button is at least 44 px high and wide (touch targets). */
  async expectTouchTargets(): Promise<void> {
    const boxes = await this.card.getByRole("button").evaluateAll((buttons) =>
      buttons.map((button) => {
        const { width, height } = button.getBoundingClientRect();
        return Math.min(width, height);
      }),
    );
    expect(boxes.length).toBeGreaterThan(0);
    for (const size of boxes) expect(size).toBeGreaterThanOrEqual(44);
  }
}

/** The signed-in user's id as the app keeps it (localStorage `user`). */
export async function signedInUserId(page: Page): Promise<number> {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("user") ?? "null") as {
      user?: { id?: number };
    } | null;
    const id = stored?.user?.id;
    if (typeof id !== "number") throw new Error("nobody is signed in");
    return id;
  });
}
