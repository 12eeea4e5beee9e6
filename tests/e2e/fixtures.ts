import { test as base, expect } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { DEMO_PASSWORD, type DemoUser, landingPath } from "./demo-users";
import { AppShell, LoginPage } from "./page-models";

interface Fixtures {
  loginPage: LoginPage;
  shell: AppShell;
  /** Logs a demo user in through the login page and waits for the landing route. */
  loginAs: (user: DemoUser) => Promise<void>;
  /** axe check of the current page: no serious or critical violations. */
  checkA11y: (options?: Parameters<typeof expectNoSeriousA11yViolations>[1]) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  loginPage: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  shell: async ({ page }, use) => {
    await use(new AppShell(page));
  },
  loginAs: async ({ page, loginPage }, use) => {
    await use(async (user) => {
      await loginPage.goto();
      await loginPage.login(user, DEMO_PASSWORD);
      await expect(page).toHaveURL((url) => url.pathname === landingPath(user));
    });
  },
  checkA11y: async ({ page }, use) => {
    await use((options) => expectNoSeriousA11yViolations(page, options));
  },
});

export { expect };
