import { expect, type Locator, type Page } from "@playwright/test";
import { waitForPrivatePage } from "./page-models";

/** /task-list/ in English (the journey sets lang en): selectors by role and accessible name. */
export class TaskListPage {
  readonly heading: Locator;
  readonly addTask: Locator;
  readonly exportExcel: Locator;
  readonly dialog: Locator;
  readonly userFilter: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Task list" });
    this.addTask = page.getByRole("button", { name: "Add task" });
    this.exportExcel = page.getByRole("button", { name: "Export Excel" });
    this.dialog = page.getByRole("dialog").last();
    this.userFilter = page.getByRole("search").getByRole("combobox", { name: "User" });
  }

  async goto(query = ""): Promise<void> {
    await waitForPrivatePage(this.page);
    await this.page.goto(`/task-list${query}`);
    await this.heading.waitFor();
  }

  group(task: string): Locator {
    return this.page.getByRole("region", { name: `Task ${task}` });
  }

  plus(task: string): Locator {
    return this.page.getByRole("button", { name: `Add line to ${task}` });
  }

  field(name: string): Locator {
    return this.dialog.getByRole("textbox", { name, exact: false }).first();
  }

  combo(name: string): Locator {
    return this.dialog.getByRole("combobox", { name });
  }

  /**
   * Types into a search select and picks the option whose text starts with `option`, until the
   * input shows the choice: on a loaded machine the list may still hold the previous search's
   * options when the click lands (seen once in CI: the text stayed as typed, the list open).
   * Done once the options are gone too: a list left open (seen in CI: the choice shown, its
   * option still listed) is the last dialog on the page, where the next field was then sought
   * until the journey ran out of time.
   */
  async choose(combo: Locator, typed: string, option: string | RegExp): Promise<void> {
    await expect(async () => {
      await combo.fill(typed);
      await this.page.getByRole("option", { name: option }).first().click({ timeout: 5_000 });
      await expect(combo).toHaveValue(option, { timeout: 2_000 });
      await expect(this.page.getByRole("listbox")).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }

  button(name: string | RegExp): Locator {
    return this.dialog.getByRole(
      "button",
      typeof name === "string" ? { name, exact: true } : { name },
    );
  }
}
