import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD } from "./demo-users";
import { expect, PASSWORD_CHANGING_USERS, test } from "./fixtures";
import { Dashboard } from "./page-models";

/** Sets a user's password back through the API (cleanup when the journey stopped halfway). */
async function restorePassword(request: APIRequestContext, user: string, current: string) {
  const login = await request.post("/get-token", { data: { username: user, password: current } });
  if (!login.ok()) return; // Not changed (or already restored).
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  const auth = await request.get("/api/user/auth", { headers });
  const { user: me } = (await auth.json()) as { user: { id: number } };
  const changed = await request.post(`/api/user/${me.id}/change_password`, {
    headers,
    data: { old_password: current, new_password: DEMO_PASSWORD },
  });
  expect(changed.ok(), `restoring ${user}'s password`).toBe(true);
}

/** The app shell: greeting, tabs, dashboard tiles, User Config menu, dialogs, logout. */
test.describe("app shell", () => {
  test("admin sees the greeting, the Main tabs and the tiles of a plain company", async ({
    page,
    loginAs,
    shell,
  }) => {
    await loginAs("admin");
    await expect(shell.greeting("admin")).toBeVisible();
    await shell.chooseLanguage("EN");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "Trucks",
      "Expeditions",
      "Receptions",
      "Task list",
      "BI",
    ]);
    expect(await new Dashboard(page).tileNames()).toEqual([
      "Trucks",
      "Expeditions",
      "Receptions",
      "Task list",
      "BI",
      "Day board",
      "Dock hours",
      "Import",
      "Export",
      "Integrations",
    ]);
    await new Dashboard(page).tile("Trucks").click();
    await expect(page).toHaveURL((url) => url.pathname === "/trucks");
  });

  test("a lang_pt company offers PT; the chosen language survives a reload", async ({
    page,
    loginAs,
    shell,
  }) => {
    await loginAs("admin");
    await shell.openUserConfig();
    // Yardline Demo has lang_pt: EN, ES and PT.
    await expect(page.getByRole("menuitemradio")).toHaveText(["EN", "ES", "PT"]);
    await shell.languageItem("PT").click();
    await expect(shell.greeting("admin")).toHaveText(/olá, admin/i);
    await page.reload();
    await expect(shell.greeting("admin")).toHaveText(/olá, admin/i);
  });

  test("change password: mismatched new passwords warn and send nothing", async ({
    page,
    loginAs,
    shell,
  }) => {
    await loginAs("office");
    await shell.chooseLanguage("EN");
    const dialog = await shell.openDialog(/change password/i);
    let sent = false;
    page.on("request", (request) => {
      if (request.url().includes("change_password")) sent = true;
    });
    await dialog.getByLabel("Old password", { exact: true }).fill("yardline");
    await dialog.getByLabel("New password", { exact: true }).fill("new-password-1");
    await dialog.getByLabel("Repeat new password", { exact: true }).fill("new-password-2");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(shell.notice(/^warning/i)).toContainText("New passwords do not match");
    expect(sent).toBe(false);
    await dialog.getByLabel("Old password", { exact: true }).fill("wrong-old-password");
    await dialog.getByLabel("Repeat new password", { exact: true }).fill("new-password-1");
    await dialog.getByRole("button", { name: "Save" }).click();
    // The field is named by its label ("Old password: ..."), as the form shows it.
    await expect(shell.notice(/^error/i)).toContainText(/old password/i);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test.describe("change password journey", () => {
    // A user no other test changes; the fixtures keep its other sign-ins out of this test.
    const user = "readonly";
    let newPassword = "";
    /** change_password calls of the test, answered or not. */
    let calls: Promise<unknown>[] = [];

    test.beforeEach(({ page }) => {
      newPassword = `e2e-${Date.now().toString(36)}`;
      calls = [];
      page.on("request", (request) => {
        if (request.url().includes("/change_password")) calls.push(request.response());
      });
    });

    // Also after a failure or a timeout: settle the calls, then put the demo password back.
    test.afterEach(async ({ request }) => {
      await Promise.race([
        Promise.allSettled(calls),
        new Promise((resolve) => setTimeout(resolve, 20_000)),
      ]);
      await restorePassword(request, user, newPassword);
    });

    test("the new password signs in, the old one no longer does, and back", async ({
      page,
      loginAs,
      loginPage,
      shell,
    }) => {
      // Four scrypt hashes at the server's cost and five sign-ins.
      test.slow();
      expect(PASSWORD_CHANGING_USERS).toContain(user);
      const change = async (from: string, to: string) => {
        const answered = page.waitForResponse((r) => r.url().includes("/change_password"), {
          timeout: 30_000,
        });
        const dialog = await shell.changePassword(from, to);
        expect((await answered).ok()).toBe(true);
        const notice = shell.notice(/^change password/i);
        await expect(notice).toContainText("Successfully saved new password");
        await expect(notice).toHaveRole("status");
        await expect(dialog).toBeHidden();
        // Dismissed, so the second change's notice is the only one (notices outlive a logout).
        await notice.getByRole("button", { name: "Dismiss" }).click();
        await expect(notice).toHaveCount(0);
      };

      await loginAs(user);
      await shell.chooseLanguage("EN");
      await change(DEMO_PASSWORD, newPassword);

      await shell.logout();
      await expect(page).toHaveURL((url) => url.pathname === "/login");
      await loginPage.login(user, DEMO_PASSWORD);
      await expect(loginPage.errorNotice()).toBeVisible({ timeout: 15_000 });
      await expect(page).toHaveURL((url) => url.pathname === "/login");
      await loginPage.login(user, newPassword);
      await expect(page).toHaveURL((url) => url.pathname === "/dashboard", { timeout: 15_000 });

      // And back, through the same dialog.
      await change(newPassword, DEMO_PASSWORD);
      await shell.logout();
      await loginPage.login(user, DEMO_PASSWORD);
      await expect(page).toHaveURL((url) => url.pathname === "/dashboard", { timeout: 15_000 });
    });
  });

  test("change company reloads with the trw menus", async ({ page, loginAs, shell }) => {
    await loginAs("admin");
    await shell.chooseLanguage("EN");
    const dialog = await shell.openDialog(/change company/i);
    await dialog.getByRole("button", { name: /company/i }).click();
    await page.getByRole("option", { name: "TRW Logistics" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("TRW Logistics");
    await expect(shell.tab("Critical lines")).toBeVisible();
    expect(await new Dashboard(page).tileNames()).toContain("Critical lines");
  });

  test("truck access users get no tabs", async ({ page, loginAs }) => {
    await loginAs("truckaccess");
    await expect(
      page.getByRole("button", { name: /user config|configuración de usuario/i }),
    ).toBeVisible();
    await expect(page.getByRole("navigation")).toHaveCount(0);
  });

  test("log out clears the session and returns to /login", async ({ page, loginAs, shell }) => {
    await loginAs("office");
    await shell.logout();
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(["lang"]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/login");
  });
});
