import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Page models: every selector the e2e suite uses lives here, by role and accessible name.
 * The patterns accept the English and Spanish texts (the app's default locale is es);
 * adjust them here when the client's labels change.
 */
export const LABELS = {
  // Anchored (so "Show password" does not match), tolerant of whitespace and a "*" marker.
  username: /^\s*(username|user|usuario|utilizador)\s*\*?\s*$/i,
  password: /^\s*(password|contraseña|senha|palavra-passe)\s*\*?\s*$/i,
  enter: /^(enter|entrar|log ?in|sign in|iniciar sesión)$/i,
  errorNotice: /^error$/i,
  userConfig: /^(user config|configuración de usuario|configuração do utilizador)$/i,
  logout: /^(log ?out|cerrar sesión|terminar sessão|salir|sair)$/i,
  mainNav: /^(main|principal)$/i,
  changeCompany: /^(change company|cambiar (de )?empresa|mudar de empresa)$/i,
  changePassword:
    /^(change password|cambiar contraseña|alterar (a )?palavra-passe|mudar (a )?senha)$/i,
  save: /^(save|guardar)$/i,
} as const;

/**
 * How long a full page load may take to show its heading (or the login form): the app shell,
 * its route chunk and the session check. The first load of a worker on a cold server (service
 * worker precache, first queries, two busy cores) has taken over 7 s in CI; everything after it
 * keeps the default expect timeout, so slow steps elsewhere still fail fast.
 */
export const PAGE_LOAD_TIMEOUT = 20_000;

/**
 * A same-origin page that loads nothing: loginAs writes a saved session's localStorage there
 * before the app's first load (tests/e2e/fixtures.ts).
 */
export const SESSION_BLANK_PATH = "/__e2e-blank";

/**
 * Call before a full page load (`page.goto`, `page.reload`) that leaves a private page: waits
 * until that page has rendered its shell (the User Config button), which it does only once its
 * route guard has refreshed the profile. (Cutting that refresh off while its body was being
 * read used to sign the user out: http.ts now reports it as a NetworkError, which the guard
 * forgives.) The landing page after a login is such a page, reached by a client-side
 * navigation that `toHaveURL` sees before the guard has finished.
 */
export async function waitForPrivatePage(page: Page): Promise<void> {
  const { pathname } = new URL(page.url());
  if (page.url() === "about:blank" || pathname === "/login" || pathname === SESSION_BLANK_PATH)
    return;
  await expect(page.getByRole("button", { name: LABELS.userConfig })).toBeVisible({
    timeout: PAGE_LOAD_TIMEOUT,
  });
}

export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly enter: Locator;
  readonly showPassword: Locator;

  constructor(readonly page: Page) {
    this.username = page.getByLabel(LABELS.username);
    this.password = page.getByLabel(LABELS.password);
    this.enter = page.getByRole("button", { name: LABELS.enter });
    this.showPassword = page.getByRole("button", { name: /^(show password|mostrar contraseña)$/i });
  }

  async goto(redirect?: string): Promise<void> {
    const query = redirect === undefined ? "" : `?redirect=${encodeURIComponent(redirect)}`;
    await this.page.goto(`/login${query}`);
    await expect(this.username).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }

  async fill(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
  }

  async submit(): Promise<void> {
    await this.enter.click();
  }

  async login(username: string, password: string): Promise<void> {
    await this.fill(username, password);
    await this.submit();
  }

  /** The ERROR notice of spec section 8. */
  errorNotice(): Locator {
    return this.page.getByText(LABELS.errorNotice).first();
  }
}

/** Top bar of the authenticated layout: greeting, tabs and the User Config menu. */
export class AppShell {
  constructor(readonly page: Page) {}

  greeting(user: string): Locator {
    return this.page.getByText(new RegExp(`hi,? ${user}|hola,? ${user}|olá,? ${user}`, "i"));
  }

  tab(name: string | RegExp): Locator {
    return this.page.getByRole("navigation").getByRole("link", { name });
  }

  /** The "Main" landmark holding the tabs (absent when the user has none). */
  mainNav(): Locator {
    return this.page.getByRole("navigation", { name: LABELS.mainNav });
  }

  /** The tab links, in order. */
  tabs(): Locator {
    return this.mainNav().getByRole("link");
  }

  async logout(): Promise<void> {
    await this.openUserConfig();
    await this.page.getByRole("menuitem", { name: LABELS.logout }).click();
  }

  async openUserConfig(): Promise<Locator> {
    await this.page.getByRole("button", { name: LABELS.userConfig }).click();
    const menu = this.page.getByRole("menu");
    await expect(menu).toBeVisible();
    return menu;
  }

  /** Language items of the User Config menu (EN, ES, PT or MEX), a single-choice group. */
  languageItem(label: "EN" | "ES" | "PT" | "MEX"): Locator {
    return this.page.getByRole("menuitemradio", { name: label, exact: true });
  }

  async chooseLanguage(label: "EN" | "ES" | "PT" | "MEX"): Promise<void> {
    await this.openUserConfig();
    await this.languageItem(label).click();
  }

  /** Opens "Change password" / "Change company" from the User Config menu. */
  async openDialog(item: RegExp): Promise<Locator> {
    await this.openUserConfig();
    await this.page.getByRole("menuitem", { name: item }).click();
    const dialog = this.page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /**
   * Change company: picks `company` in the dialog and saves; the page reloads into it. Call it
   * on the dashboard, whose heading names the company.
   */
  async switchCompany(company: string): Promise<void> {
    const dialog = await this.openDialog(LABELS.changeCompany);
    // The Select's trigger, named by its "Company" label and the current value.
    await dialog.getByRole("button", { name: /company|empresa/i }).click();
    await this.page.getByRole("option", { name: company, exact: true }).click();
    await dialog.getByRole("button", { name: LABELS.save }).click();
    await expect(this.page.getByRole("heading", { level: 1 })).toHaveText(company);
  }

  /** Fills and submits the Change password dialog (English labels); returns the dialog. */
  async changePassword(oldPassword: string, newPassword: string, repeat = newPassword) {
    const dialog = await this.openDialog(LABELS.changePassword);
    await dialog.getByLabel("Old password", { exact: true }).fill(oldPassword);
    await dialog.getByLabel("New password", { exact: true }).fill(newPassword);
    await dialog.getByLabel("Repeat new password", { exact: true }).fill(repeat);
    await dialog.getByRole("button", { name: LABELS.save }).click();
    return dialog;
  }

  /** A notice: role alert (errors, warnings) or status (the rest), found by its title. */
  notice(title: RegExp): Locator {
    return this.page
      .getByRole("alert")
      .or(this.page.getByRole("status"))
      .filter({ hasText: title });
  }
}

/** Home menu tiles: links named by their titles; import and export are not links. */
export class Dashboard {
  constructor(readonly page: Page) {}

  tile(name: string | RegExp): Locator {
    return this.page.getByRole("main").getByRole("link", { name });
  }

  /** The tile links, in order (retrying assertions: `expect(dashboard.tiles()).toHaveText`). */
  tiles(): Locator {
    return this.page.getByRole("main").getByRole("link");
  }

  tileNames(): Promise<string[]> {
    return this.page.getByRole("main").getByRole("link").allInnerTexts();
  }

  /** Cards of the grid that are not links (import and export: "Not available"). */
  cards(): Locator {
    return this.page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasNot: this.page.getByRole("link") });
  }
}
