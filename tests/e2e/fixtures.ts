import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { DEMO_PASSWORD, type DemoUser, landingPath } from "./demo-users";
import { AppShell, LoginPage, SESSION_BLANK_PATH } from "./page-models";
import { msUntilYardDayHasRoom } from "./yard-time-zone";

interface Options {
  /**
   * Interface language written to localStorage before every page load (`test.use({ lang:
   * "en" })`); null leaves the app's own rules alone (default es, mx resets on reload).
   */
  lang: "en" | "es" | "pt" | null;
}

interface WorkerFixtures {
  /** Sessions this worker slot signed in through the form, reused by later loginAs calls. */
  signedIn: SignedInSessions;
}

interface Fixtures {
  loginPage: LoginPage;
  shell: AppShell;
  /**
   * Signs a demo user in and waits for the landing route: through the login page the first time
   * in a worker slot, then from the session saved then (SignedInSessions). `{ form: true }` always
   * uses the login page, for a journey about where the sign-in itself leads. `{ landing: false }`
   * for a journey whose next step opens its own first page (page.goto, a page model's goto): a
   * saved session is then written but not opened at the landing page, a full load of the app
   * the journey never looked at (a form sign-in still lands: that is where the form leads).
   */
  loginAs: (user: DemoUser, options?: { form?: boolean; landing?: boolean }) => Promise<void>;
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

/** localStorage of a page right after the form signed a user in (lang excepted). */
type SavedSession = Record<string, string>;

/**
 * One sign-in through the form per demo user per worker slot: loginAs keeps the localStorage the
 * app wrote at that sign-in, and a later journey of the same user in the same slot starts from it
 * (as a returning user reopening the app) instead of signing in again. One refresh-token family
 * per user per slot (Playwright's parallelIndex): two workers running at once never share a
 * slot, and a worker runs one test at a time, so a rotation or a logout in one journey cannot
 * sign out another that runs alongside. The slot's sessions are kept in a file, so the worker
 * that takes the slot over (the next project, or a restart after a failure) reuses them too. A
 * session is asked about (GET /api/user/auth) before it is reused: one ended meanwhile (a journey
 * logged out) is dropped and the form signs the user in again.
 */
class SignedInSessions {
  private readonly saved: Map<DemoUser, SavedSession>;
  /** Form sign-ins and reuses in this worker, printed when the worker ends. */
  readonly counts = { form: 0, reused: 0 };

  /** `file`: the slot's sessions, read now and written at every save. */
  constructor(
    private readonly api: APIRequestContext,
    private readonly file: string,
  ) {
    this.saved = new Map(readSlotSessions(file));
  }

  /** The user's saved session if the server still accepts it. */
  async live(user: DemoUser): Promise<SavedSession | undefined> {
    const session = this.saved.get(user);
    if (!session?.jwt) return undefined;
    const response = await this.api.get("/api/user/auth", {
      headers: { Authorization: `Bearer ${session.jwt}` },
    });
    if (response.ok()) return session;
    this.saved.delete(user);
    this.write();
    return undefined;
  }

  save(user: DemoUser, session: SavedSession): void {
    this.saved.set(user, session);
    this.write();
  }

  private write(): void {
    writeFileSync(this.file, JSON.stringify([...this.saved]));
  }
}

/** A slot's saved sessions; none when its file is missing (the slot's first worker of a run). */
function readSlotSessions(file: string): [DemoUser, SavedSession][] {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as [DemoUser, SavedSession][];
  } catch {
    return [];
  }
}

/**
 * Starts the page from a saved session: localStorage first (written in a same-origin page that
 * loads nothing), then the user's landing page, unless the journey opens its own first page.
 */
async function resumeSession(
  page: Page,
  user: DemoUser,
  session: SavedSession,
  landing: boolean,
): Promise<void> {
  await page.route(SESSION_BLANK_PATH, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>e2e</title>" }),
  );
  await page.goto(SESSION_BLANK_PATH);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, session);
  await page.unroute(SESSION_BLANK_PATH);
  if (!landing) return;
  await page.goto(landingPath(user));
  await expect(page).toHaveURL((url) => url.pathname === landingPath(user));
}

/**
 * A run at a chosen minute of the yard's day moves the clock of every Node process by
 * YARDLINE_E2E_CLOCK_SHIFT_MS (yard-clock.cjs) and of every browser page by this init script:
 * `Date` reads the shifted time, timers keep the real one. Playwright's own clock
 * (page.clock.install) starts from the worker's shifted time and replaces this Date.
 */
const CLOCK_SHIFT_MS = Number(process.env.YARDLINE_E2E_CLOCK_SHIFT_MS ?? 0);
function shiftDate(shift: number): void {
  const RealDate = Date;
  const now = () => RealDate.now() + shift;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length > 0 ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === "now" ? now : Reflect.get(target, key, receiver)),
  });
}

/** The real time, whatever the run's yard clock: lock files carry the file system's times. */
const realNow = () => performance.timeOrigin + performance.now();

/** Longer than any test may hold a lock (test timeout plus teardown): older ones are stale. */
const STALE_LOCK_MS = 90_000;

export const test = base.extend<Options & Fixtures, WorkerFixtures>({
  lang: [null, { option: true }],
  browser: [
    async ({ browser }, use) => {
      if (CLOCK_SHIFT_MS !== 0) {
        // Every context of the worker, the journeys' own (browser.newContext) included.
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          await context.addInitScript(shiftDate, CLOCK_SHIFT_MS);
          return context;
        };
      }
      await use(browser);
    },
    { scope: "worker" },
  ],
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
            if (realNow() - statSync(dir).mtimeMs > STALE_LOCK_MS)
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
  signedIn: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      // In the output directory, emptied when a run starts: a run never reuses an older one's.
      const root = join(workerInfo.project.outputDir, ".signed-in");
      mkdirSync(root, { recursive: true });
      const sessions = new SignedInSessions(
        api,
        join(root, `slot-${workerInfo.parallelIndex}.json`),
      );
      await use(sessions);
      await api.dispose();
      // One line per worker: how many sign-ins the form made and how many journeys reused one.
      console.log(
        `[e2e sessions] worker ${workerInfo.workerIndex} (slot ${workerInfo.parallelIndex}): ${sessions.counts.form} form sign-ins, ${sessions.counts.reused} reused`,
      );
    },
    { scope: "worker" },
  ],
  loginAs: async ({ page, loginPage, lockUser, signedIn }, use) => {
    await use(async (user, options) => {
      const changesPassword = PASSWORD_CHANGING_USERS.includes(user);
      if (changesPassword) await lockUser(user);
      // Only a fresh page starts from a saved session; a second sign-in in a journey (after a
      // logout, as another user) goes through the form as before.
      const fresh = page.url() === "about:blank";
      const saved =
        fresh && !changesPassword && !options?.form ? await signedIn.live(user) : undefined;
      if (saved) {
        signedIn.counts.reused += 1;
        await base.step(`${user} resumes a saved session`, () =>
          resumeSession(page, user, saved, options?.landing ?? true),
        );
        return;
      }
      signedIn.counts.form += 1;
      await base.step(`${user} signs in through the form`, async () => {
        await loginPage.goto();
        await loginPage.login(user, DEMO_PASSWORD);
        await expect(page).toHaveURL((url) => url.pathname === landingPath(user));
      });
      if (fresh && !changesPassword) {
        signedIn.save(
          user,
          await page.evaluate(() => {
            const entries = Object.entries(localStorage).filter(([key]) => key !== "lang");
            return Object.fromEntries(entries) as Record<string, string>;
          }),
        );
      }
    });
  },
  checkA11y: async ({ page }, use) => {
    await use((options) => expectNoSeriousA11yViolations(page, options));
  },
});

export { expect };

/**
 * Starts a journey whose writes and reads must fall on one yard day (lines booked for today,
 * then checked in or shown as today's) with `needMs` of the day left, the test's timeout by
 * default: in the yard's last minutes it waits for midnight (msUntilYardDayHasRoom), the wait
 * added to its timeout. A run set to 23:59 crossed midnight between the booking and the read.
 */
export async function startOnOneYardDay(needMs = test.info().timeout): Promise<void> {
  const wait = msUntilYardDayHasRoom(needMs);
  if (wait === 0) return;
  test.setTimeout(test.info().timeout + wait);
  console.log(`waits ${Math.round(wait / 1000)} s for the yard's midnight`);
  await new Promise((done) => setTimeout(done, wait));
}
