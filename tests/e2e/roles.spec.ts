import type { Page } from "@playwright/test";
import { DEMO_COMPANIES, DEMO_USERS, KL, PLAIN, TRW } from "../../src/server/db/demo-data";
import { can, type Permission } from "../../src/shared/permissions";
import { isKioskUser, ROLES, type RoleKey, TRUCK_ACCESS_DESCRIPTION } from "../../src/shared/roles";
import { guardedPath } from "./demo-users";
import { expect, test } from "./fixtures";
import { type AppShell, Dashboard } from "./page-models";

/**
 * Every demo user in the plain company (spec sections 2 and 6): exactly the Main tabs its
 * permissions grant, exactly the Home tiles, and one route the guard refuses. Expectations come
 * from the shared permission matrix and route guard, read the way the spec words them.
 */
test.describe.configure({ mode: "parallel" });
test.use({ lang: "en" });

/** Top-bar tabs of spec section 2, in order: label, path, permission. */
const TABS: readonly (readonly [string, string, Permission])[] = [
  ["Home", "/dashboard", "seeDashboard"],
  ["Trucks", "/trucks", "seeTrucks"],
  ["Expeditions", "/expeditions", "seeExpeditions"],
  ["Receptions", "/receptions", "seeReceptions"],
  ["Critical lines", "/critical-lines", "seeCriticalLines"],
  ["Task list", "/task-list", "seeTasklist"],
  ["BI", "/bi", "seeBi"],
];

function expectedTabs(roles: readonly RoleKey[], isTrw: boolean) {
  if (roles.some((role) => ROLES[role].description === TRUCK_ACCESS_DESCRIPTION)) return [];
  return TABS.filter(
    ([label, , permission]) =>
      (label !== "Critical lines" || isTrw) && can(roles, permission, isTrw),
  );
}

const OFFICE_ROLES: readonly RoleKey[] = ["admin", "office", "warehouseResp"];

/**
 * Home tiles of spec section 2 (links), and the import/export cards: links to /import-export for
 * the office (issue 28), cards without an action for everyone else.
 */
function expectedTiles(roles: readonly RoleKey[], companyName: string) {
  const company = DEMO_COMPANIES.find((candidate) => candidate.name === companyName);
  if (!company) throw new Error(`${companyName} is not a demo company`);
  const taskList = company.isTrw ? company.code === "kl" : can(roles, "seeTasklist", false);
  const office = roles.some((role) => OFFICE_ROLES.includes(role));
  const importExport = company.isTrw ? [] : ["Import", "Export"];
  return {
    links: [
      "Trucks",
      "Expeditions",
      "Receptions",
      ...(company.isTrw ? ["Critical lines"] : []),
      ...(taskList ? ["Task list"] : []),
      "BI",
      // Beyond the spec (issue 12): the office's day board and dock hours.
      ...(office ? ["Day board", "Dock hours"] : []),
      ...(office ? importExport : []),
      // Issue 28: webhooks and API keys, the admin's.
      ...(roles.includes("admin") ? ["Integrations"] : []),
    ],
    cards: office ? [] : importExport,
  };
}

/**
 * One route per user the guard refuses (or, for the roles allowed everywhere, one that other
 * roles are refused), opened with a full page load.
 */
const PROBES: Readonly<Record<string, string>> = {
  admin: "/users",
  office: "/bi",
  warehouse: "/truck",
  forklift: "/trucks",
  kiosk: "/dashboard",
  client: "/bi",
  truckaccess: "/receptions",
  readonly: "/expedition",
  guard: "/users",
  carretillero: "/bi",
  planner: "/bi",
  officeperson: "/trucks",
  kioskrec: "/expeditions",
  provider: "/truck",
  mexico: "/expedition",
};

const kioskMenu = (page: Page) =>
  page
    .getByRole("complementary", { name: "Kiosk menu" })
    .getByRole("button", { name: /User Config/ });

/** Roles of the guard's first rule: every route is theirs. */
const ALL_ROUTES: readonly RoleKey[] = ["admin", "office", "warehouseResp"];

/** Where the guard leads from `path` (its redirects followed), or null when it allows it. */
function guardTarget(roles: readonly RoleKey[], path: string): string | null {
  const target = guardedPath(roles, path);
  return target === path ? null : target;
}

async function expectTabs(shell: AppShell, roles: readonly RoleKey[], isTrw: boolean) {
  const tabs = expectedTabs(roles, isTrw);
  if (tabs.length === 0) {
    // No tab list at all, not an empty one.
    await expect(shell.page.getByRole("navigation")).toHaveCount(0);
    return;
  }
  await expect(shell.tabs()).toHaveText(tabs.map(([label]) => label));
  expect(
    await shell.tabs().evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
  ).toEqual(tabs.map(([, path]) => path));
}

async function expectTiles(dashboard: Dashboard, roles: readonly RoleKey[], company: string) {
  const { links, cards } = expectedTiles(roles, company);
  await expect(dashboard.tiles()).toHaveText(links);
  await expect(dashboard.cards()).toHaveText(
    cards.map((name) => new RegExp(`^${name}\\s*Not available$`)),
  );
  await expect(dashboard.tile("Critical lines")).toHaveCount(
    links.includes("Critical lines") ? 1 : 0,
  );
}

test.describe("roles in the plain company", () => {
  for (const demo of DEMO_USERS) {
    const user = demo.username;
    const roles = [demo.role] as const;
    const landing = guardTarget(roles, "/dashboard") ?? "/dashboard";
    const probe = PROBES[user];
    if (!probe) throw new Error(`no probe route for ${user}`);
    const probeTarget = guardTarget(roles, probe);
    const seesAll = ALL_ROUTES.includes(demo.role);
    const isKiosk = isKioskUser(roles);
    const tabs = expectedTabs(roles, false).map(([label]) => label);

    const chrome = isKiosk ? "kiosk layout" : `tabs [${tabs.join(", ")}]`;
    test(`${user}: ${chrome}, ${landing}; ${probe} -> ${probeTarget ?? probe}`, async ({
      page,
      loginAs,
      shell,
      checkA11y,
    }) => {
      // A forklift lands on today's line cards (issue 26): axe over them is slow on 2 cores.
      test.setTimeout(90_000);
      // The probe table must stay meaningful: refused, unless the role is allowed everywhere.
      expect(probeTarget === null).toBe(seesAll);
      // The default company is plain (the mexico user's is BW Warehousing: no trw either).
      const home = demo.companies[0] ?? PLAIN;
      expect(DEMO_COMPANIES.find((company) => company.name === home)?.isTrw).toBe(false);

      await loginAs(user);
      await expect(page).toHaveURL((url) => url.pathname === landing);
      if (isKiosk) {
        // Kiosk roles: no top bar (no greeting, no tabs), the menu in a corner.
        await expect(kioskMenu(page)).toBeVisible();
        await expect(page.getByRole("navigation")).toHaveCount(0);
        await expect(shell.greeting(user)).toHaveCount(0);
      } else {
        await expect(shell.greeting(user)).toHaveText(`Hi, ${user}`);
        await expectTabs(shell, roles, false);
      }
      if (landing === "/dashboard") {
        const dashboard = new Dashboard(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(home);
        await expectTiles(dashboard, roles, home);
      }
      // Each role's landing page, as that role sees it (the one sign-in per user of the suite).
      await checkA11y();

      await page.goto(probe);
      await expect(page).toHaveURL((url) => url.pathname === (probeTarget ?? probe));
      await expect(isKiosk ? kioskMenu(page) : shell.greeting(user)).toBeVisible();
    });
  }
});

test.describe("trw companies", () => {
  const admin: readonly RoleKey[] = ["admin"];

  test("admin in TRW Logistics: critical lines, no task list tile, no import/export", async ({
    page,
    loginAs,
    shell,
  }) => {
    await loginAs("admin");
    await shell.switchCompany(TRW);
    const dashboard = new Dashboard(page);
    await expectTiles(dashboard, admin, TRW);
    await expect(dashboard.tile("Task list")).toHaveCount(0);
    await expect(dashboard.cards()).toHaveCount(0);
    // The tabs follow the permissions: critical lines (trw) and task list (seeTasklist).
    await expectTabs(shell, admin, true);
    await expect(shell.tab("Critical lines")).toBeVisible();
    await dashboard.tile("Critical lines").click();
    await expect(page).toHaveURL((url) => url.pathname === "/critical-lines");
  });

  test("admin in KL Components (trw, code kl): the task list tile", async ({
    page,
    loginAs,
    shell,
  }) => {
    await loginAs("admin");
    await shell.switchCompany(KL);
    const dashboard = new Dashboard(page);
    await expectTiles(dashboard, admin, KL);
    await expect(dashboard.tile("Task list")).toBeVisible();
    await expectTabs(shell, admin, true);
  });
});
