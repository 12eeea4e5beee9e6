import { expect, type Locator, type Page } from "@playwright/test";
import { PAGE_LOAD_TIMEOUT } from "./page-models";

/** /critical-lines and /critical-line/{id?} (features/critical-lines), English texts. */
export class CriticalLinesScreen {
  constructor(readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: "Critical lines", exact: true });
  }

  table(): Locator {
    return this.page.getByRole("table", { name: "Critical lines" });
  }

  row(line: string): Locator {
    return this.table().getByRole("row").filter({ hasText: line });
  }

  rows(): Locator {
    return this.table()
      .getByRole("row")
      .filter({ has: this.page.getByRole("cell") });
  }

  quickFilter(name: "Tomorrow" | "Next week" | "Next month" | "From now"): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }

  addLink(): Locator {
    return this.page.getByRole("link", { name: "Add critical line" });
  }

  editLink(line: string): Locator {
    return this.page.getByRole("link", { name: `Edit critical line ${line}` });
  }

  deleteButton(line: string): Locator {
    return this.page.getByRole("button", { name: `Delete critical line ${line}` });
  }

  confirmDialog(): Locator {
    return this.page.getByRole("alertdialog");
  }

  /** The cut observation of a row: focusable, its tooltip holds the whole text. */
  observation(line: string): Locator {
    return this.row(line).locator("[aria-describedby]");
  }

  tooltip(line: string): Locator {
    return this.row(line).getByRole("tooltip");
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async expectList(): Promise<void> {
    await expect(this.heading()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  async fillForm(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  async save(): Promise<void> {
    await this.page.getByRole("button", { name: "Save", exact: true }).click();
  }

  async cancel(): Promise<void> {
    await this.page.getByRole("button", { name: "Cancel", exact: true }).click();
  }
}

/** /users and /user/{id?} (features/users), English texts. */
export class UsersScreen {
  constructor(readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: "Users", exact: true });
  }

  row(username: string): Locator {
    return this.page
      .getByRole("table", { name: "Users" })
      .getByRole("row")
      .filter({ has: this.page.getByRole("cell", { name: username, exact: true }) });
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  role(label: string): Locator {
    return this.page.getByRole("checkbox", { name: label, exact: true });
  }

  async save(): Promise<void> {
    await this.page.getByRole("button", { name: "Save", exact: true }).click();
  }
}
