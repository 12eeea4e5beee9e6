import { expect, type Locator, type Page } from "@playwright/test";
import { PAGE_LOAD_TIMEOUT } from "./page-models";

/** The expedition and reception form (issue 11), by role and label (English). */
export class ShipmentFormPage {
  readonly save: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.save = page.getByRole("button", { name: "Save", exact: true });
    this.cancel = page.getByRole("button", { name: "Cancel", exact: true });
  }

  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(this.field("Booked date")).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async fill(label: string, value: string): Promise<void> {
    await this.field(label).fill(value);
  }

  /** Types into a search select and picks the option whose text starts with `option`. */
  async pick(label: string, text: string, option: string | RegExp = text): Promise<void> {
    const input = this.page.getByRole("combobox", { name: label });
    await input.fill(text);
    const choice = this.page.getByRole("option", { name: option }).first();
    await expect(choice).toBeVisible({ timeout: 10_000 });
    await choice.click();
  }

  /** A field's read-only state as the form shows it (inputs read-only, selects disabled). */
  async isEditable(label: string): Promise<boolean> {
    const field = this.field(label);
    return field.evaluate((element) => {
      if (element instanceof HTMLSelectElement) return !element.disabled;
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
        return !element.readOnly && !element.disabled;
      }
      return element.getAttribute("aria-disabled") !== "true";
    });
  }
}
