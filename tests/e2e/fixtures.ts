import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { DEMO_PASSWORD, type DemoUser, landingPath } from "./demo-users";
import { AppShell, LoginPage } from "./page-models";

interface Options {
  /**
   * Interface language written to localStorage before every page load (`test.use({ lang:
   * "en" })`); null leaves the app's own rules alone (default es, mx resets on reload).
   */
  lang: "en" | "es" | "pt" | null;
}

interface Fixtures {
  loginPage: LoginPage;
  shell: AppShell;
  /** Logs a demo user in through the login page and waits for the landing route. */
  loginAs: (user: DemoUser) => Promise<void>;
  /**
   * Holds a demo user for the rest of the test, across workers: a test that changes the user's
   * password takes it, and so does every sign-in of that user (loginAs does it by itself).
   */
  lockUser: (user: DemoUser) => Promise<void>;
  /** axe check of the current page: no serious or critical violations. */
  checkA11y: (options?: Parameters<typeof expectNoSeriousA11yViolations>[1]) => Promise<void>;
}

/**
 * Demo users whose password a test changes (and restores). The server ends a user's other
 * sessions when the password changes, so tests signing these users in must not overlap: the
 * loginAs fixture holds the user's lock for the whole test.
 */
export const PASSWORD_CHANGING_USERS: readonly DemoUser[] = ["readonly"];

/** Longer than any test may hold a lock (test timeout plus teardown): older ones are stale. */
const STALE_LOCK_MS = 90_000;

export const test = base.extend<Options & Fixtures>({
  lang: [null, { option: true }],
  page: async ({ page, lang }, use) => {
    if (lang !== null) {
      await page.addInitScript((value) => {
        try {
          localStorage.setItem("lang", value);
        } catch {
          // about:blank and opaque origins have no localStorage.
        }
      }, lang);
    }
    await use(page);
  },
  loginPage: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  shell: async ({ page }, use) => {
    await use(new AppShell(page));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures destructure their first argument.
  lockUser: async ({}, use, testInfo) => {
    // The output directory is emptied when a run starts, so a killed run leaves nothing behind.
    const root = join(testInfo.project.outputDir, ".user-locks");
    mkdirSync(root, { recursive: true });
    const held = new Set<string>();
    await use(async (user) => {
      if (held.has(user)) return;
      const dir = join(root, user);
      for (;;) {
        try {
          mkdirSync(dir);
          held.add(user);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
          try {
            if (Date.now() - statSync(dir).mtimeMs > STALE_LOCK_MS)
              rmSync(dir, { force: true, recursive: true });
          } catch {
            // Released meanwhile.
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    });
    for (const user of held) rmSync(join(root, user), { force: true, recursive: true });
  },
  loginAs: async ({ page, loginPage, lockUser }, use) => {
    await use(async (user) => {
      if (PASSWORD_CHANGING_USERS.includes(user)) await lockUser(user);
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
