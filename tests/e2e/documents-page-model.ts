import { expect, type Locator, type Page } from "@playwright/test";
import { PAGE_LOAD_TIMEOUT } from "./page-models";

/** The labels the model finds things by, per interface language. */
const WORDS = {
  en: { files: "Files", filesOf: /^Files of /, images: "Images" },
  es: { files: "Archivos", filesOf: /^Archivos de /, images: "Imágenes" },
} as const;

/** The shipment form's documents (issue 13): buttons, files dialog, QR modal, by role. */
export class DocumentsPage {
  readonly files: Locator;
  private readonly words: (typeof WORDS)[keyof typeof WORDS];

  constructor(
    readonly page: Page,
    lang: keyof typeof WORDS = "en",
  ) {
    this.words = WORDS[lang];
    this.files = page.getByRole("dialog", { name: this.words.filesOf });
  }

  /**
   * Opens a line's form and waits until its code shows in the title: the line has loaded and
   * the header (title and buttons in one wrapping row) has its final layout. Pressed before,
   * "Files" once opened nothing in CI (the likely cause: the buttons moving as the title grew).
   */
  async openLine(path: string, code: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole("heading", { level: 1 })).toContainText(code, {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(
      this.page.getByRole("button", { name: this.words.files, exact: true }),
    ).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
  }

  async openFiles(): Promise<void> {
    await this.page.getByRole("button", { name: this.words.files, exact: true }).click();
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
    return this.files.getByRole("list", { name: this.words.images });
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
