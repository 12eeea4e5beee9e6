import { expect, type Locator, type Page } from "@playwright/test";
import { PAGE_LOAD_TIMEOUT } from "./page-models";

/** The shipment form's documents (issue 13): buttons, files dialog, QR modal, by role (English). */
export class DocumentsPage {
  readonly files: Locator;

  constructor(readonly page: Page) {
    this.files = page.getByRole("dialog", { name: /^Files of / });
  }

  async openLine(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole("button", { name: "Files", exact: true })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
  }

  async openFiles(): Promise<void> {
    await this.page.getByRole("button", { name: "Files", exact: true }).click();
    await expect(this.files).toBeVisible();
  }

  /** The dropzone's file input (drag and drop and the picker feed the same queue). */
  get picker(): Locator {
    return this.files.locator('input[type="file"]:not([capture])');
  }

  get camera(): Locator {
    return this.files.locator('input[type="file"][capture]');
  }

  get gallery(): Locator {
    return this.files.getByRole("list", { name: "Images" });
  }

  get documents(): Locator {
    return this.files.getByRole("table");
  }

  /** Presses a button and answers the download it starts. */
  async download(button: Locator) {
    const [download] = await Promise.all([this.page.waitForEvent("download"), button.click()]);
    return download;
  }
}
